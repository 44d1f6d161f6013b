// A table's dealer phone: the phone left on the table reports that table's hands,
// busts and moves, and calls the floor.
//
// Paired once with the table's one-time code (the console's QR code opens
// /dealer#code=...), it keeps its own token. It shows the table's view from
// /api/dealer (seats with the button and the blinds, hand-for-hand, the moves), and
// the level and time left from the same push channel as the public page (live.js):
// a heartbeat every two seconds with the server's time, "connection lost" rather
// than a time it cannot vouch for. It reads the view again on every pushed state and
// every few seconds (another table's hand ends a hand-for-hand wait without changing
// the clock's display), and after each thing it reports.
"use strict";

(function () {
  const live = window.directorLive;
  const { storage, text, api, setText, element } = live;
  const TOKEN_KEY = "director.dealer.token";
  const TABLE_KEY = "director.dealer.table";
  const DEVICE_KEY = "director.dealer.device";

  const $ = (id) => document.getElementById(id);

  const page = {
    display: null, // the pushed state's display payload
    code: null, // the table's pairing code, read from the address (then in the field)
    token: storage.get(TOKEN_KEY),
    table: storage.get(TABLE_KEY),
    device: storage.get(DEVICE_KEY) || "",
    view: null, // GET /api/dealer's answer
    refusal: "", // why the view could not be read (dealers off, no event...)
    lost: "", // why this phone is no longer paired (revoked, table broken)
    fetching: false,
    again: false,
    busy: false, // a report is on its way: no second tap meanwhile
    pairing: false, // a pairing request is on its way
    confirming: null,
  };

  function post(path, data, token) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    return api(path, { method: "POST", headers: headers, body: JSON.stringify(data) });
  }

  // -- the clock --------------------------------------------------------------------

  function formatElapsed(milliseconds) {
    return live.formatClock(Math.floor(Math.max(0, milliseconds) / 1000) * 1000);
  }

  function clockTime(serverTime) {
    // A moment of the server's clock as this phone's wall time, HH:MM.
    const moment = new Date(serverTime - live.offset);
    return moment.toLocaleTimeString(live.language, { hour: "2-digit", minute: "2-digit" });
  }

  // -- drawing ----------------------------------------------------------------------

  function drawTexts() {
    live.showLanguage();
    document.title = text("dealer_title") || "director";
    setText("unpaired-title", text("dealer_heading"));
    setText("pair-title", text("dealer_pair_title"));
    setText("pair-hint", text("dealer_pair_hint"));
    setText("pair-code-label", text("dealer_code"));
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
    setText("shot-title", text("shot_clock"));
    setText("shot-player-label", text("player"));
    setText("shot-button", text("shot_start"));
    setText("shot-stop", text("shot_stop"));
    setText("forget", text("unpair"));
    setText("confirm-no", text("cancel"));
    live.showStatus();
  }

  function draw() {
    const paired = Boolean(page.token);
    // Not paired: the table's code typed as the console shows it (or put there by
    // its QR code, which also shows this to a phone paired at another table).
    $("pair").hidden = paired && !page.code;
    $("unpaired").hidden = paired || Boolean(page.code);
    setText("unpaired-error", page.lost);
    $("unpaired-error").hidden = !page.lost;
    setText("unpaired-text", page.lost ? text("dealer_scan_again") : text("dealer_scan"));
    const view = paired && !page.code ? page.view : null;
    $("page-error").hidden = !(paired && !page.code && page.refusal);
    setText("page-error", page.refusal);
    $("dealer").hidden = !view;
    keepAwake();
    if (!view) {
      setText("event", "");
      return;
    }
    setText("event", view.event || "");
    setText("table-name", view.label || text("table", { table: view.table }));
    setText("hands", text("hands_played", { hands: view.hands }));
    drawClock();
    drawHandForHand(view.hand_for_hand);
    setAction($("hand-done"), $("hand-done-why"), view.actions.hand_done);
    drawSeats(view);
    drawMoves(view.moves);
    drawBust(view.players);
    drawShotStart(view.players);
    drawShot();
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
    if (live.stale || !display) setText("time", "--:--");
    else setText("time", live.timeLeft(display));
    if (!view) return;
    let since = "";
    if (view.hand_since !== null && view.hand_since !== undefined) {
      since = live.stale ? "--:--" : formatElapsed(live.serverNow() - view.hand_since);
    }
    setText("hand-time", since ? text("this_hand", { time: since }) : "");
    drawShotTime();
  }

  // -- the shot clock -----------------------------------------------------------------

  function drawShotStart(players) {
    const select = $("shot-player");
    const chosen = select.value;
    const options = [new Option(text("choose"), "")];
    for (const player of players) options.push(new Option(playerLabel(player), String(player.id)));
    select.replaceChildren(...options);
    if (players.some((player) => String(player.id) === chosen)) select.value = chosen;
    drawShotButton();
  }

  function drawShotButton() {
    const view = page.view;
    const id = $("shot-player").value;
    const player = view ? view.players.find((other) => String(other.id) === id) : null;
    setAction($("shot-button"), $("shot-start-why"), player ? player.shot_clock : { ok: false, why: "" });
  }

  function drawShot() {
    const shot = page.view && page.view.shot_clock;
    const appearing = Boolean(shot) && $("shot").hidden;
    $("shot").hidden = !shot;
    if (!shot) return;
    // A shot clock just started (here or on the console): the dealer sees it at once.
    if (appearing) $("shot").scrollIntoView({ block: "center" });
    setText("shot-who", shot.place + " · " + shot.name);
    const left = shot.banks_left > 0 ? text("shot_bank_left", { count: shot.banks_left }) : text("shot_bank");
    setText("shot-bank", left);
    $("shot-bank").hidden = !shot.time_bank.ok && shot.banks_left === 0;
    $("shot-bank").disabled = page.busy || !shot.time_bank.ok;
    $("shot-stop").disabled = page.busy || !shot.stop.ok;
    drawShotTime();
  }

  function drawShotTime() {
    // Counted from its end, on the server's clock (as the main clock is): each
    // second rounded up; "Time!" once the server says it ran out (the push at that
    // moment), so a phone whose clock is off still says it when the TV does.
    const shot = page.view && page.view.shot_clock;
    if (!shot) return;
    const left = Math.max(0, shot.ends_at - live.serverNow());
    const box = $("shot");
    box.classList.toggle("warning", !shot.over && left <= shot.warning_ms);
    box.classList.toggle("over", shot.over);
    if (live.stale) setText("shot-time", "--");
    else setText("shot-time", shot.over ? text("shot_time_up") : String(Math.max(1, Math.ceil(left / 1000))));
  }

  function startShot() {
    const id = $("shot-player").value;
    if (!id) return;
    send({ action: "shot_clock", player: Number(id) });
  }

  function useTimeBank() {
    const shot = page.view && page.view.shot_clock;
    if (shot) send({ action: "time_bank", player: shot.player });
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
          if (typeof answer.data.now === "number") live.noteOffset(answer.data.now, Date.now());
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
    if (page.pairing) return;
    const name = $("pair-name").value.trim() || text("dealer_default_name");
    // Sent as typed: the server reads a code whatever its case, spaces and dashes, and
    // says what is wrong with it (one place decides what a code is).
    const code = $("pair-code").value.trim();
    const previous = page.token;
    if (!code) {
      showPairResult(text("pair_code_missing"), true);
      $("pair-code").focus();
      return;
    }
    page.pairing = true;
    $("pair-button").disabled = true;
    showPairResult(text("working"), false);
    post("/api/dealer/pair", { code: code, name: name }).then((answer) => {
      page.pairing = false;
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
        $("pair-code").value = "";
        showPairResult("", false);
        // This phone moved to another table: the old table's token is given back.
        if (previous && previous !== page.token) post("/api/dealer/unpair", {}, previous).catch(() => {});
        draw();
        refresh();
      } else if (previous && page.code) {
        // Paired at a table, another table's QR code refused: back to this table's
        // view, which says why.
        page.code = null;
        showPairResult("", false);
        showResult(answer.data.error || answer.data.why || String(answer.status), true);
        draw();
        refresh();
      } else {
        // Not a code, a wrong one (used, too old), too many tries, the table broke...:
        // said under the field, which stays for the code typed again.
        showPairResult(answer.data.error || answer.data.why || String(answer.status), true);
        if (answer.status === 403) $("pair-code").select();
      }
    }, () => {
      page.pairing = false;
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
    $("pair-code").value = /^[A-Za-z0-9]{8}$/.test(page.code)
      ? page.code.slice(0, 4) + "-" + page.code.slice(4)
      : page.code;
    // Out of the address bar (and the history): a code is for this pairing only.
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    showPairResult("", false);
    draw();
  }

  // -- what the push channel brings --------------------------------------------------

  // The screen is kept on while this table's view shows a running clock.
  function keepAwake() {
    const showing = Boolean(page.token && !page.code && page.view);
    live.keepAwake(showing && live.clockRuns(page.display && page.display.display));
  }

  function stateCame(message) {
    page.display = message.display;
    keepAwake();
    drawClock();
    refresh(); // the level changed, a player went out...
  }

  function tick(slept) {
    if (slept) refresh(); // the phone slept: the table's view too is read again at once
    drawTime();
  }

  // -- starting --------------------------------------------------------------------------

  function start() {
    readCode();
    $("pair-button").addEventListener("click", pair);
    for (const field of ["pair-code", "pair-name"]) {
      $(field).addEventListener("keydown", (event) => {
        if (event.key === "Enter") pair();
      });
    }
    $("hand-done").addEventListener("click", () => send({ action: "hand_done" }));
    $("bust-player").addEventListener("change", drawEliminators);
    $("bust-button").addEventListener("click", bust);
    $("floor-button").addEventListener("click", () => send({ action: "call_floor" }));
    $("shot-player").addEventListener("change", drawShotButton);
    $("shot-button").addEventListener("click", startShot);
    $("shot-bank").addEventListener("click", useTimeBank);
    $("shot-stop").addEventListener("click", () => send({ action: "shot_clock_stop" }));
    $("forget").addEventListener("click", forget);
    $("confirm-yes").addEventListener("click", () => answerConfirm(true));
    $("confirm-no").addEventListener("click", () => answerConfirm(false));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !$("confirm").hidden) answerConfirm(false);
    });
    // Another table's code scanned while this page is open: only the address's end
    // changes, the page is not loaded again.
    window.addEventListener("hashchange", readCode);
    draw();
    live.start({
      texts: () => {
        drawTexts();
        draw();
      },
      language: refresh, // the reasons and the moves' texts are in the viewer's language
      state: stateCame,
      tables: refresh, // a hand done, a move, hand-for-hand, the floor answered
      stale: drawTime,
      tick: tick,
    });
    refresh();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
