// A table's dealer phone: the phone left on the table reports that table's hands,
// busts and moves, and calls the floor.
//
// Paired once with the table's one-time code (the console's QR code opens
// /dealer#code=...), it keeps its own token. It shows the table's view from
// /api/dealer (seats with the button and the blinds, hand-for-hand, the moves), and
// the level and time left from the same push channel as the public page (app.js):
// a heartbeat every two seconds with the server's time, "connection lost" rather
// than a time it cannot vouch for. It reads the view again on every pushed state and
// every few seconds (another table's hand ends a hand-for-hand wait without changing
// the clock's display), and after each thing it reports.
"use strict";

(function () {
  const PROTOCOL = 1;
  const STALE_MS = 5000; // no message for this long: the connection is lost
  const ASLEEP_MS = 3000; // the page's own timer stalled this long: it was asleep
  const BACKOFF_FIRST_MS = 500;
  const BACKOFF_MOST_MS = 8000;
  const TOKEN_KEY = "director.dealer.token";
  const TABLE_KEY = "director.dealer.table";
  const DEVICE_KEY = "director.dealer.device";
  const LANGUAGE_KEY = "director.language"; // shared with the public page
  const LANGUAGES = ["en", "fr"];

  const $ = (id) => document.getElementById(id);
  const storage = {
    get(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
    remove(key) { try { window.localStorage.removeItem(key); } catch (e) { /* private mode */ } },
  };

  const page = {
    language: chooseLanguage(),
    texts: null,
    display: null, // the pushed state's display payload
    offsets: [],
    offset: 0,
    heard: 0,
    waitingSince: 0,
    lastTick: Date.now(),
    socket: null,
    backoff: BACKOFF_FIRST_MS,
    reconnectTimer: null,
    stale: true,
    code: null, // the table's pairing code, read from the address
    token: storage.get(TOKEN_KEY),
    table: storage.get(TABLE_KEY),
    device: storage.get(DEVICE_KEY) || "",
    view: null, // GET /api/dealer's answer
    refusal: "", // why the view could not be read (dealers off, no event...)
    lost: "", // why this phone is no longer paired (revoked, table broken)
    fetching: false,
    again: false,
    busy: false, // a report is on its way: no second tap meanwhile
    confirming: null,
  };

  function chooseLanguage() {
    const asked = new URLSearchParams(window.location.search).get("lang");
    if (LANGUAGES.includes(asked)) return asked;
    const saved = storage.get(LANGUAGE_KEY);
    if (LANGUAGES.includes(saved)) return saved;
    const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
    return LANGUAGES.includes(browser) ? browser : "en";
  }

  function text(key, values) {
    let found = (page.texts && page.texts[key]) || "";
    if (values) {
      for (const [name, value] of Object.entries(values)) {
        found = found.split("{" + name + "}").join(String(value));
      }
    }
    return found;
  }

  function api(path, options) {
    const joiner = path.includes("?") ? "&" : "?";
    const settings = Object.assign({ cache: "no-store", credentials: "omit" }, options || {});
    return fetch(path + joiner + "lang=" + page.language, settings).then((response) =>
      response.json().then(
        (data) => ({ status: response.status, data: data }),
        () => ({ status: response.status, data: {} })
      )
    );
  }

  function post(path, data, token) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    return api(path, { method: "POST", headers: headers, body: JSON.stringify(data) });
  }

  // -- the clock --------------------------------------------------------------------

  function two(value) {
    return (value < 10 ? "0" : "") + value;
  }

  function formatClock(milliseconds) {
    const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = seconds % 60;
    if (hours) return hours + ":" + two(minutes) + ":" + two(rest);
    return two(minutes) + ":" + two(rest);
  }

  function formatElapsed(milliseconds) {
    return formatClock(Math.floor(Math.max(0, milliseconds) / 1000) * 1000);
  }

  function serverNow() {
    return Date.now() + page.offset;
  }

  function noteOffset(serverTime, received) {
    // The server's time minus this device's when it arrived: the travel time makes
    // each sample too small, so the largest recent one is the truest.
    page.offsets.push(serverTime - received);
    if (page.offsets.length > 12) page.offsets.shift();
    page.offset = Math.max.apply(null, page.offsets);
  }

  function timeLeft(display) {
    const timing = display.timing;
    const counting = (display.running && !display.hands_level) || timing.cash_ends_at !== null;
    if (!counting) return display.time_text;
    const now = serverNow();
    if (timing.cash_ends_at !== null && !display.running) return formatClock(timing.cash_ends_at - now);
    if (timing.ends_at !== null) return formatClock(timing.ends_at - now);
    if (display.overtime) return "+" + formatClock(timing.overtime_ms + (now - timing.computed_at));
    return display.time_text;
  }

  function clockTime(serverTime) {
    // A moment of the server's clock as this phone's wall time, HH:MM.
    const moment = new Date(serverTime - page.offset);
    return moment.toLocaleTimeString(page.language, { hour: "2-digit", minute: "2-digit" });
  }

  // -- drawing ----------------------------------------------------------------------

  function setText(id, value) {
    const found = $(id);
    if (found.textContent !== value) found.textContent = value;
  }

  function element(tag, className, content) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (content !== undefined) made.textContent = content;
    return made;
  }

  function drawTexts() {
    document.documentElement.lang = page.language;
    document.title = text("dealer_title") || "director";
    for (const button of document.querySelectorAll("#languages button")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === page.language));
    }
    setText("unpaired-title", text("dealer_heading"));
    setText("pair-title", text("dealer_pair_title"));
    setText("pair-hint", text("dealer_pair_hint"));
    setText("pair-name-label", text("pair_name"));
    setText("pair-button", text("dealer_pair_button"));
    if (!$("pair-name").value) $("pair-name").value = page.device || text("dealer_default_name");
    setText("hand-done", text("hand_done"));
    setText("moves-title", text("moves_title"));
    setText("no-button", text("button_not_placed"));
    setText("legend", text("marks_legend"));
    setText("bust-title", text("bust_title"));
    setText("bust-player-label", text("player"));
    setText("bust-eliminator-label", text("eliminator"));
    setText("bust-button", text("record_bust"));
    setText("floor-button", text("call_floor"));
    setText("forget", text("unpair"));
    setText("confirm-no", text("cancel"));
    drawStatus();
  }

  function drawStatus() {
    let status = "";
    if (page.texts && page.stale) status = page.heard ? text("connection_lost") : text("connecting");
    setText("status", status);
    document.body.classList.toggle("stale", page.stale && page.heard > 0);
  }

  function draw() {
    const paired = Boolean(page.token);
    $("pair").hidden = !page.code;
    $("unpaired").hidden = paired || Boolean(page.code);
    setText("unpaired-error", page.lost);
    $("unpaired-error").hidden = !page.lost;
    setText("unpaired-text", page.lost ? text("dealer_scan_again") : text("dealer_scan"));
    const view = paired && !page.code ? page.view : null;
    $("page-error").hidden = !(paired && !page.code && page.refusal);
    setText("page-error", page.refusal);
    $("dealer").hidden = !view;
    if (!view) {
      setText("event", "");
      return;
    }
    setText("event", view.event || "");
    setText("table-name", text("table", { table: view.table }));
    setText("hands", text("hands_played", { hands: view.hands }));
    drawClock();
    drawHandForHand(view.hand_for_hand);
    setAction($("hand-done"), $("hand-done-why"), view.actions.hand_done);
    drawSeats(view);
    drawMoves(view.moves);
    drawBust(view.players);
    drawFloor(view.floor);
    setText("device-name", text("paired_as", { name: view.device || page.device }));
  }

  function setAction(button, why, answer) {
    button.disabled = page.busy || !answer.ok;
    why.textContent = answer.ok ? "" : answer.why;
    why.hidden = answer.ok || !answer.why;
  }

  function drawClock() {
    const display = page.display && page.display.display;
    const body = document.body;
    body.classList.toggle("paused", Boolean(page.display && page.display.paused));
    body.classList.toggle("on-break", Boolean(display && display.on_break));
    if (!display) {
      for (const id of ["level", "blinds", "ante", "caption"]) setText(id, "");
      $("pending").hidden = true;
    } else {
      // R9: the blinds this table's hand was dealt at, and its next hand's when they
      // differ (another table may already play the new level); else the room's.
      const own = page.view && page.view.blinds;
      const playing = own && own.this_hand && !display.on_break;
      setText("level", display.level_label);
      setText("blinds", display.on_break ? "" : playing ? own.this_hand : display.blinds_text);
      setText("ante", display.on_break || playing ? "" : display.ante_text);
      setText("caption", page.display.paused ? text("paused") : display.time_caption);
      const pending = playing ? own.next_hand : display.pending_text;
      setText("pending", pending);
      $("pending").hidden = !pending;
    }
    drawTime();
  }

  function drawTime() {
    const display = page.display && page.display.display;
    const view = page.view;
    if (page.stale || !display) setText("time", "--:--");
    else setText("time", timeLeft(display));
    if (!view) return;
    let since = "";
    if (view.hand_since !== null && view.hand_since !== undefined) {
      since = page.stale ? "--:--" : formatElapsed(serverNow() - view.hand_since);
    }
    setText("hand-time", since ? text("this_hand", { time: since }) : "");
  }

  function drawHandForHand(state) {
    const on = Boolean(state && state.on);
    const waiting = on && state.waiting;
    $("hff").hidden = !on;
    document.body.classList.toggle("waiting", waiting);
    if (!on) return;
    setText("hff-wait", waiting ? text("wait") : text("hand_for_hand"));
    setText("hff-text", state.text);
  }

  function drawSeats(view) {
    $("no-button").hidden = view.button_placed;
    $("seat-list").replaceChildren(
      ...view.seats.map((seat) => {
        const empty = seat.player === null;
        const item = element("li", "seat" + (empty ? " empty" : ""));
        item.dataset.seat = String(seat.seat);
        if (seat.player !== null) item.dataset.player = String(seat.player);
        const marks = element("span", "marks");
        const notes = seat.tags.slice();
        if (seat.button) {
          marks.append(element("span", "mark button" + (empty ? " dead" : ""), "D"));
          if (empty) notes.push(text("dead_button"));
        }
        if (seat.small_blind) {
          marks.append(element("span", "mark small" + (empty ? " dead" : ""), "SB"));
          if (empty) notes.push(text("dead_small_blind"));
        }
        if (seat.big_blind) marks.append(element("span", "mark big", "BB"));
        const who = element("span", "who");
        who.append(element("span", "name", empty ? text("empty_seat") : seat.name));
        if (notes.length) who.append(element("span", "tags", notes.join(" · ")));
        item.append(element("span", "number", String(seat.seat)), who, marks);
        return item;
      })
    );
  }

  function drawMoves(moves) {
    $("moves").hidden = moves.length === 0;
    $("move-list").replaceChildren(
      ...moves.map((move) => {
        const item = element("li", "move");
        item.dataset.player = String(move.player);
        item.append(element("p", "what", move.text));
        const box = element("div", "action");
        const button = element("button", "big", text("move_done"));
        button.type = "button";
        const why = element("p", "why");
        button.addEventListener("click", () =>
          send({ action: "move_done", player: move.player, to_table: move.to_table, to_seat: move.to_seat })
        );
        box.append(button, why);
        setAction(button, why, move.done);
        item.append(box);
        return item;
      })
    );
  }

  function playerLabel(player) {
    return player.seat + " · " + player.name;
  }

  function drawBust(players) {
    const out = $("bust-player");
    const chosen = out.value;
    const options = [new Option(text("choose"), "")];
    for (const player of players) options.push(new Option(playerLabel(player), String(player.id)));
    out.replaceChildren(...options);
    if (players.some((player) => String(player.id) === chosen)) out.value = chosen;
    drawEliminators();
  }

  function chosenPlayer() {
    const view = page.view;
    if (!view) return null;
    return view.players.find((player) => String(player.id) === $("bust-player").value) || null;
  }

  function drawEliminators() {
    const view = page.view;
    const player = chosenPlayer();
    const select = $("bust-eliminator");
    const chosen = select.value;
    const options = [new Option(text("nobody"), "")];
    for (const other of view ? view.players : []) {
      if (!player || other.id !== player.id) options.push(new Option(playerLabel(other), String(other.id)));
    }
    select.replaceChildren(...options);
    if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
    const answer = player ? player.bust : { ok: false, why: "" };
    setAction($("bust-button"), $("bust-why"), answer);
  }

  function drawFloor(floor) {
    const status = $("floor-status");
    $("floor-button").disabled = page.busy;
    if (!floor) {
      status.className = "";
      setText("floor-status", "");
    } else if (floor.answered_at !== null) {
      status.className = "coming";
      setText("floor-status", text("floor_coming"));
    } else {
      status.className = "called";
      setText("floor-status", text("floor_called", { time: clockTime(floor.called_at) }));
    }
  }

  function showResult(message, refused) {
    const result = $("result");
    result.className = refused ? "refused" : "done";
    result.textContent = message;
  }

  // -- the table's view and what the dealer reports ---------------------------------

  function refresh() {
    if (!page.token || page.code) return Promise.resolve();
    if (page.fetching) {
      page.again = true;
      return Promise.resolve();
    }
    page.fetching = true;
    const token = page.token;
    return api("/api/dealer", { headers: { Authorization: "Bearer " + token } })
      .then((answer) => {
        if (token !== page.token) return;
        if (answer.status === 200 && answer.data.exists !== false) {
          if (typeof answer.data.now === "number") noteOffset(answer.data.now, Date.now());
          page.view = answer.data;
          page.refusal = "";
        } else if (answer.status === 401 || answer.status === 410 || answer.status === 200) {
          lose(answer.data.error || "");
        } else {
          // Dealers' phones turned off, no event served...: said, and read again later.
          page.view = null;
          page.refusal = answer.data.error || answer.data.why || String(answer.status);
        }
        draw();
      }, () => {})
      .then(() => {
        page.fetching = false;
        if (page.again) {
          page.again = false;
          refresh();
        }
      });
  }

  function lose(reason) {
    // Not paired any more (revoked, or the table broke): forget the token.
    page.token = null;
    page.view = null;
    page.refusal = "";
    page.lost = reason;
    storage.remove(TOKEN_KEY);
    storage.remove(TABLE_KEY);
  }

  function send(request) {
    if (page.busy || !page.token) return Promise.resolve();
    page.busy = true;
    draw();
    showResult(text("working"), false);
    return post("/api/dealer/act", request, page.token).then((answer) => {
      if (answer.status === 200) {
        showResult(text("done", { action: answer.data.done }), false);
      } else if (answer.status === 401 || answer.status === 410) {
        showResult("", false);
        lose(answer.data.error || answer.data.why || "");
      } else {
        showResult(answer.data.why || answer.data.error || String(answer.status), true);
      }
    }, () => {
      showResult(text("not_sent"), true);
    }).then(() => {
      page.busy = false;
      draw();
      return refresh();
    });
  }

  function ask(question, yes, onYes) {
    page.confirming = onYes;
    setText("confirm-text", question);
    setText("confirm-yes", yes);
    $("confirm").hidden = false;
    $("confirm-yes").focus();
  }

  function answerConfirm(accepted) {
    const onYes = page.confirming;
    page.confirming = null;
    $("confirm").hidden = true;
    if (accepted && onYes) onYes();
  }

  function bust() {
    const player = chosenPlayer();
    if (!player || !page.view) return;
    const eliminatorId = $("bust-eliminator").value;
    const eliminator = page.view.players.find((other) => String(other.id) === eliminatorId) || null;
    const question = eliminator
      ? text("confirm_bust_by", { player: player.name, eliminator: eliminator.name })
      : text("confirm_bust", { player: player.name });
    ask(question, text("confirm_yes"), () => {
      send({ action: "bust", player: player.id, eliminator: eliminator ? eliminator.id : null }).then(() => {
        $("bust-player").value = "";
        $("bust-eliminator").value = "";
        drawEliminators();
      });
    });
  }

  function forget() {
    ask(text("confirm_forget"), text("unpair"), () => {
      const token = page.token;
      lose("");
      storage.remove(DEVICE_KEY);
      showResult("", false);
      draw();
      if (token) post("/api/dealer/unpair", {}, token).catch(() => {});
    });
  }

  function pair() {
    const name = $("pair-name").value.trim() || text("dealer_default_name");
    const code = page.code;
    const previous = page.token;
    $("pair-button").disabled = true;
    showPairResult(text("working"), false);
    post("/api/dealer/pair", { code: code, name: name }).then((answer) => {
      $("pair-button").disabled = false;
      if (answer.status === 200 && answer.data.token) {
        page.token = answer.data.token;
        page.table = String(answer.data.table);
        page.device = answer.data.device.name;
        storage.set(TOKEN_KEY, page.token);
        storage.set(TABLE_KEY, page.table);
        storage.set(DEVICE_KEY, page.device);
        page.code = null;
        page.lost = "";
        showPairResult("", false);
        // This phone moved to another table: the old table's token is given back.
        if (previous && previous !== page.token) post("/api/dealer/unpair", {}, previous).catch(() => {});
        draw();
        refresh();
      } else if (answer.status === 400) {
        showPairResult(answer.data.error || String(answer.status), true); // the name, say
      } else {
        // The code is used, too old, or the table broke: only a new code helps.
        page.code = null;
        page.lost = answer.data.error || answer.data.why || String(answer.status);
        showPairResult("", false);
        draw();
      }
    }, () => {
      $("pair-button").disabled = false;
      showPairResult(text("not_sent"), true);
    });
  }

  function showPairResult(message, refused) {
    $("pair-result").className = refused ? "refused" : "";
    setText("pair-result", message);
  }

  function readCode() {
    const match = /(?:^|[#&])code=([A-Za-z0-9-]{4,20})/.exec(window.location.hash);
    if (!match) return;
    page.code = match[1];
    // Out of the address bar (and the history): a code is for this pairing only.
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    showPairResult("", false);
    draw();
  }

  // -- the push channel ----------------------------------------------------------------

  function setStale(stale) {
    if (page.stale === stale) return;
    page.stale = stale;
    drawStatus();
    drawTime();
  }

  function connect() {
    clearTimeout(page.reconnectTimer);
    page.reconnectTimer = null;
    if (page.socket) return;
    let socket;
    try {
      socket = new WebSocket("ws://" + window.location.host + "/ws?lang=" + page.language);
    } catch (error) {
      reconnectLater();
      return;
    }
    page.socket = socket;
    page.waitingSince = Date.now();
    socket.onmessage = (event) => {
      if (page.socket !== socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      heard(message);
    };
    socket.onopen = () => {
      page.backoff = BACKOFF_FIRST_MS;
    };
    socket.onclose = () => {
      if (page.socket !== socket) return;
      page.socket = null;
      setStale(true);
      reconnectLater();
    };
    socket.onerror = () => {
      try { socket.close(); } catch (error) { /* closing anyway */ }
    };
  }

  function reconnectLater() {
    if (page.reconnectTimer) return;
    const delay = page.backoff + Math.random() * 250;
    page.backoff = Math.min(page.backoff * 2, BACKOFF_MOST_MS);
    page.reconnectTimer = setTimeout(connect, delay);
  }

  function reconnectNow() {
    const socket = page.socket;
    page.socket = null;
    if (socket) {
      try { socket.close(); } catch (error) { /* gone already */ }
    }
    page.backoff = BACKOFF_FIRST_MS;
    connect();
  }

  function heard(message) {
    const received = Date.now();
    if (typeof message.now === "number") noteOffset(message.now, received);
    page.heard = received;
    setStale(false);
    if (message.type === "state") {
      if (message.protocol !== PROTOCOL) {
        window.location.reload();
        return;
      }
      page.display = message.display;
      drawClock();
      refresh(); // the level changed, a player went out...
    } else if (message.type === "tables") {
      refresh(); // a hand done, a move, hand-for-hand, the floor answered: this table's view
    }
  }

  function tick() {
    const now = Date.now();
    if (now - page.lastTick > ASLEEP_MS) {
      // The phone slept (or hid the page): what is shown may be stale. Say so, and
      // fetch everything again at once.
      setStale(true);
      reconnectNow();
      refresh();
    } else if (page.socket && now - Math.max(page.heard, page.waitingSince) > STALE_MS) {
      setStale(true);
      reconnectNow();
    }
    page.lastTick = now;
    drawTime();
  }

  // -- starting --------------------------------------------------------------------------

  function loadTexts() {
    return api("/api/texts").then((answer) => {
      if (answer.status === 200) {
        page.texts = answer.data;
        drawTexts();
        draw();
      }
    });
  }

  function setLanguage(chosen) {
    if (!LANGUAGES.includes(chosen) || chosen === page.language) return;
    page.language = chosen;
    storage.set(LANGUAGE_KEY, chosen);
    loadTexts().then(() => {
      if (page.socket && page.socket.readyState === WebSocket.OPEN) {
        page.socket.send(JSON.stringify({ type: "language", language: chosen }));
      }
      refresh(); // the reasons and the moves' texts are in the viewer's language
    }, () => {});
  }

  function start() {
    readCode();
    for (const button of document.querySelectorAll("#languages button")) {
      button.addEventListener("click", () => setLanguage(button.dataset.lang));
    }
    $("pair-button").addEventListener("click", pair);
    $("pair-name").addEventListener("keydown", (event) => {
      if (event.key === "Enter") pair();
    });
    $("hand-done").addEventListener("click", () => send({ action: "hand_done" }));
    $("bust-player").addEventListener("change", drawEliminators);
    $("bust-button").addEventListener("click", bust);
    $("floor-button").addEventListener("click", () => send({ action: "call_floor" }));
    $("forget").addEventListener("click", forget);
    $("confirm-yes").addEventListener("click", () => answerConfirm(true));
    $("confirm-no").addEventListener("click", () => answerConfirm(false));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !$("confirm").hidden) answerConfirm(false);
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") tick();
    });
    window.addEventListener("online", reconnectNow);
    // Another table's code scanned while this page is open: only the address's end
    // changes, the page is not loaded again.
    window.addEventListener("hashchange", readCode);
    const loadUntilDone = () => loadTexts().catch(() => setTimeout(loadUntilDone, 2000));
    loadUntilDone();
    draw();
    connect();
    refresh();
    setInterval(tick, 200);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
