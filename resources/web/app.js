// The live clock on the local network, and the organizer's phone as a remote.
//
// The push channel, the language and the clock's arithmetic are live.js's (shared
// with the dealers' phones): this page draws the pushed display, counting down by
// itself between two pushes, and shows "--:--" rather than a time it cannot vouch
// for while the channel is lost.
"use strict";

(function () {
  const live = window.directorLive;
  const { storage, text, api, setText, element } = live;
  const TOKEN_KEY = "director.remote.token";
  const DEVICE_KEY = "director.remote.device";
  const SIDE_PAGE_MS = 8000; // the side column turns its pages this often, as on the TV
  const FIT_FLOOR = 0.6; // the clock's type shrinks to fit the TV's screen down to this
  const FIT_STEP = 0.05;
  const TV = window.matchMedia("(orientation: landscape) and (min-width: 900px)");
  const SHOT_WARNING_MS = 10000; // a shot clock's last ten seconds (core.shot_clock.WARNING_MS)

  const $ = (id) => document.getElementById(id);

  const page = {
    display: null,
    revision: -1,
    token: storage.get(TOKEN_KEY),
    device: storage.get(DEVICE_KEY) || "",
    pairing: false, // a pairing request is on its way
    controls: null,
    players: null,
    playersRevision: -2,
    sideSections: [],
    sidePages: [],
    sidePage: -1,
    timeChars: 0,
  };

  function authorised(options) {
    const settings = Object.assign({}, options || {});
    settings.headers = Object.assign({}, settings.headers || {}, {
      Authorization: "Bearer " + page.token,
    });
    return settings;
  }

  // -- the clock --------------------------------------------------------------------

  function statValue(display, stat) {
    if (stat.key === "next_break" && display.running && display.timing.until_break_ms !== null) {
      const gone = live.serverNow() - display.timing.computed_at;
      return live.formatClock(display.timing.until_break_ms - gone);
    }
    return stat.value;
  }

  // -- drawing ----------------------------------------------------------------------

  function drawTexts() {
    live.showLanguage();
    document.title = text("title") || "director";
    setText("seats-title", text("seats"));
    $("shots").setAttribute("aria-label", text("shot_clock"));
    setText("find-title", text("find_title"));
    $("find-name").placeholder = text("find_placeholder");
    setText("pair-open", text("pair_open"));
    setText("pair-title", text("pair_title"));
    setText("pair-hint", text("pair_hint"));
    setText("pair-code-label", text("pair_code"));
    setText("pair-name-label", text("pair_name"));
    setText("pair-button", text("pair_button"));
    if (!$("pair-name").value) $("pair-name").value = text("pair_default_name");
    setText("remote-title", text("remote_title"));
    setText("r-tables-title", text("hand_done"));
    setText("r-player-label", text("player"));
    setText("r-eliminator-label", text("eliminator"));
    setText("r-bust", text("record_bust"));
    setText("r-rebuy", text("record_rebuy"));
    setText("r-paid-label", text("paid"));
    setText("r-unpair", text("unpair"));
    for (const button of document.querySelectorAll("#clock-controls [data-action]")) {
      button.textContent = text(button.dataset.action);
    }
    live.showStatus();
  }

  function draw() {
    const display = page.display && page.display.display;
    const body = document.body;
    body.classList.toggle("no-event", !display);
    if (!display) {
      setText("event", "");
      setText("message", "");
      $("message").hidden = true;
      setText("level", "");
      setText("caption", "");
      setText("time", live.stale ? "--:--" : "");
      setText("blinds", live.stale ? "" : text("no_event"));
      for (const id of ["ante", "next", "note"]) setText(id, "");
      $("pending").hidden = true;
      $("paused").hidden = true;
      $("stats").replaceChildren();
      $("side").replaceChildren();
      page.sideSections = [];
      page.sidePages = [];
      $("seats").hidden = true;
      layout();
      return;
    }
    body.classList.toggle("on-break", display.on_break);
    body.classList.toggle("overtime", display.overtime);
    body.classList.toggle("finished", display.finished);
    body.classList.toggle("hands-level", display.hands_level);
    body.classList.toggle("paused", page.display.paused);
    body.classList.toggle("seats", display.show_seats);
    setText("event", display.event_name);
    setText("level", display.level_label);
    setText("caption", display.time_caption);
    setText("blinds", display.on_break ? display.note : display.blinds_text);
    $("blinds").style.setProperty("--blind-chars", String(Math.max(5, $("blinds").textContent.length)));
    setText("ante", display.on_break ? display.addon_text || "" : display.ante_text);
    setText("pending", display.pending_text);
    $("pending").hidden = !display.pending_text;
    setText("next", display.pending_text ? "" : display.next_text);
    setText("note", display.on_break ? "" : display.note);
    setText("paused", text("paused"));
    $("paused").hidden = !page.display.paused;
    setText("message", display.message || "");
    $("message").hidden = !display.message;
    drawStats(display);
    drawSide(display);
    drawSeats(display);
    drawShots(display);
    drawTime();
    layout();
  }

  // The shot clocks running, one a table: who, where, and the seconds left counted
  // here from its end on the server's clock (the display is pushed again only when
  // one starts, stops, gains a time-bank chip, runs out or leaves the screens).
  function drawShots(display) {
    const shots = display.shot_clocks || [];
    document.body.classList.toggle("shots", shots.length > 0);
    $("shots").hidden = shots.length === 0;
    $("shots").replaceChildren(
      ...shots.map((shot) => {
        const box = element("div", "shot");
        box.dataset.table = String(shot.table);
        box.dataset.endsAt = String(shot.ends_at);
        box.dataset.over = shot.over ? "1" : "";
        const who = element("div", "who");
        who.append(element("span", "place", shot.place), element("span", "name", shot.name));
        box.append(who, element("div", "seconds"));
        return box;
      })
    );
    drawShotTimes();
  }

  function drawShotTimes() {
    for (const box of document.querySelectorAll("#shots .shot")) {
      // "Time!" when the server pushes it, as the TV shows it: a device whose clock
      // runs ahead stays on 1 until then, one behind is told at that moment.
      const over = box.dataset.over === "1";
      const left = Math.max(0, Number(box.dataset.endsAt) - live.serverNow());
      box.classList.toggle("warning", !over && left <= SHOT_WARNING_MS);
      box.classList.toggle("over", over);
      let shown = String(Math.max(1, Math.ceil(left / 1000)));
      if (live.stale) shown = "--";
      else if (over) shown = text("shot_time_up");
      box.querySelector(".seconds").textContent = shown;
    }
  }

  function drawStats(display) {
    const holder = $("stats");
    holder.replaceChildren(
      ...display.stats.map((stat) => {
        const box = element("div", "stat");
        box.dataset.key = stat.key;
        box.append(element("span", "caption", stat.caption), element("span", "value", statValue(display, stat)));
        return box;
      })
    );
  }

  // The side column, as the TV window has it: sections of rows; on a TV-sized screen,
  // cut into pages that each fit the column (a section going on over the page has
  // its title again), turned every few seconds, each page's first title saying
  // which page it is ("2/3").

  function drawSide(display) {
    page.sideSections = display.sections.map((section) => ({
      section: section,
      groups: section.rows.map((row) => {
        if (row.type === "MoveRow") {
          return [
            element("li", row.done ? "done" : "", row.name),
            element("li", row.done ? "done detail" : "detail", (row.done ? "✓ " : "→ ") + row.destination),
          ];
        }
        if (row.type === "NoteRow") return [element("li", "note", "→ " + row.text)];
        if (row.type === "RaceRow") return [element("li", "", row.name + " · " + row.text)];
        return [element("li", "", row.text)];
      }),
    }));
  }

  function sideSection(section, groups, pageNumber) {
    const box = element("div", "section");
    box.dataset.kind = section.kind;
    const title = element("h2", "", section.title);
    if (pageNumber) title.append(element("span", "page-number", pageNumber));
    const list = element("ul");
    for (const group of groups) list.append(...group.map((item) => item.cloneNode(true)));
    box.append(title, list);
    return box;
  }

  function sidePageElement(chunks, pageNumber) {
    const made = element("div", "page");
    chunks.forEach((chunk, index) => {
      made.append(sideSection(chunk.section, chunk.groups, index === 0 ? pageNumber : ""));
    });
    return made;
  }

  function paginateSide() {
    const holder = $("side");
    const sections = page.sideSections;
    const whole = sidePageElement(sections, ""); // every row, to measure
    holder.replaceChildren(whole);
    page.sidePages = [whole];
    page.sidePage = -1;
    const room = holder.clientHeight;
    if (!TV.matches || !sections.length || room <= 0 || whole.scrollHeight <= room + 1) {
      turnSidePage();
      return;
    }
    // Measure every row and each section's title and padding, then fill the pages.
    const gap = parseFloat(getComputedStyle(whole).rowGap) || 0;
    const measured = sections.map((item, index) => {
      const box = whole.children[index];
      const items = [...box.querySelectorAll("li")];
      let next = 0;
      const heights = item.groups.map((group) => {
        let height = 0;
        for (let count = 0; count < group.length; count += 1) {
          height += items[next].getBoundingClientRect().height;
          next += 1;
        }
        return height;
      });
      const rows = heights.reduce((sum, height) => sum + height, 0);
      return { item: item, heights: heights, overhead: box.getBoundingClientRect().height - rows };
    });
    const pages = [[]];
    let used = 0;
    for (const { item, heights, overhead } of measured) {
      let chunk = null;
      item.groups.forEach((group, index) => {
        const current = pages[pages.length - 1];
        const opening = chunk === null ? overhead + (current.length ? gap : 0) : 0;
        if (used + opening + heights[index] > room && (current.length || chunk !== null)) {
          chunk = { section: item.section, groups: [group] };
          pages.push([chunk]);
          used = overhead + heights[index];
          return;
        }
        if (chunk === null) {
          chunk = { section: item.section, groups: [] };
          current.push(chunk);
        }
        chunk.groups.push(group);
        used += opening + heights[index];
      });
    }
    const count = pages.length;
    page.sidePages = pages.map((chunks, index) => sidePageElement(chunks, index + 1 + "/" + count));
    holder.replaceChildren(...page.sidePages);
    turnSidePage();
  }

  function turnSidePage() {
    const pages = page.sidePages;
    if (!pages.length) return;
    const shown = Math.floor(live.serverNow() / SIDE_PAGE_MS) % pages.length;
    if (shown === page.sidePage) return;
    page.sidePage = shown;
    pages.forEach((made, index) => {
      made.hidden = index !== shown;
    });
  }

  // The TV-sized layout is exactly the window: the clock's type shrinks (down to a
  // floor) until it fits, then the side column is cut into pages. A phone only keeps
  // the time on one line.

  function wider(found) {
    return getComputedStyle(found).whiteSpace === "nowrap" && found.scrollWidth > found.clientWidth + 1;
  }

  function figuresOverflow() {
    return [...document.querySelectorAll("#stats .value")].some(wider);
  }

  function screenOverflows() {
    // What must hold on one line (the time, the blinds), and on a TV the whole screen.
    if (wider($("time")) || wider($("blinds"))) return true;
    if (!TV.matches) return false;
    for (const id of ["screen", "clock", "seats"]) {
      const found = $(id);
      if (found.offsetParent !== null && found.scrollHeight > found.clientHeight + 1) return true;
    }
    return false;
  }

  function shrink(property, overflows) {
    const screen = $("screen");
    let scale = 1;
    screen.style.setProperty(property, "1");
    while (scale > FIT_FLOOR && overflows()) {
      scale = Math.max(FIT_FLOOR, Math.round((scale - FIT_STEP) * 100) / 100);
      screen.style.setProperty(property, String(scale));
    }
  }

  function layout() {
    const screen = $("screen");
    screen.classList.remove("grow");
    // The figures first (a long amount in a narrow box), then the clock's type.
    if (TV.matches) shrink("--figures-fit", figuresOverflow);
    shrink("--fit", screenOverflows);
    if (TV.matches && document.body.classList.contains("seats") && screenOverflows()) {
      screen.classList.add("grow");
    }
    paginateSide();
  }

  function drawSeats(display) {
    const shown = display.show_seats && display.seats.length > 0;
    $("seats").hidden = !shown;
    if (!shown) return;
    $("seat-list").replaceChildren(
      ...display.seats.map((seat) => {
        const item = element("li");
        item.append(element("span", "name", seat.name), element("span", "where", seat.text));
        return item;
      })
    );
  }

  function drawTime() {
    const display = page.display && page.display.display;
    if (!display) return;
    drawShotTimes();
    if (live.stale) {
      showTime("--:--");
      return;
    }
    showTime(live.timeLeft(display));
    for (const box of document.querySelectorAll("#stats .stat")) {
      if (box.dataset.key !== "next_break") continue;
      const stat = display.stats.find((item) => item.key === "next_break");
      if (stat) box.querySelector(".value").textContent = statValue(display, stat);
    }
  }

  function showTime(value) {
    setText("time", value);
    if (value.length === page.timeChars) return;
    // H:MM:SS, or +MM:SS, is longer than MM:SS: its type is sized for it.
    page.timeChars = value.length;
    $("time").style.setProperty("--chars", String(Math.max(5, value.length)));
    if (page.display && page.display.display) layout();
  }

  // -- what the push channel brings --------------------------------------------------

  function stateCame(message) {
    page.display = message.display;
    live.keepAwake(live.clockRuns(page.display && page.display.display));
    page.revision = message.revision;
    draw();
    if (page.token) refreshControls();
    if (page.players !== null) refreshPlayers();
  }

  function staleChanged() {
    drawTime();
    if (!page.display) draw();
  }

  function tick() {
    drawTime();
    turnSidePage();
  }

  // -- finding a player ----------------------------------------------------------------

  function fold(value) {
    return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLocaleLowerCase();
  }

  function refreshPlayers() {
    page.playersRevision = page.revision;
    return api("/api/players").then((answer) => {
      if (answer.status === 200 && Array.isArray(answer.data)) {
        page.players = answer.data;
        drawFound();
      }
    }, () => {});
  }

  function drawFound() {
    const typed = fold($("find-name").value.trim());
    const list = $("find-list");
    const result = $("find-result");
    if (!typed || page.players === null) {
      list.replaceChildren();
      setText("find-result", typed ? "" : text("find_hint"));
      return;
    }
    const exact = page.players.filter((player) => fold(player.name) === typed);
    const matching = page.players.filter((player) => fold(player.name).includes(typed));
    if (exact.length === 1) {
      list.replaceChildren();
      setText("find-result", exact[0].name + " · " + exact[0].text);
      return;
    }
    list.replaceChildren(
      ...matching.slice(0, 8).map((player) => {
        const item = element("li");
        const button = element("button", "", player.name);
        button.type = "button";
        button.addEventListener("click", () => {
          $("find-name").value = player.name;
          drawFound();
        });
        item.append(button);
        return item;
      })
    );
    result.textContent = matching.length ? "" : text("find_none");
  }

  // -- the remote ----------------------------------------------------------------------

  function showRemote() {
    $("remote").hidden = !page.token;
    document.body.classList.toggle("paired", Boolean(page.token));
    // Not paired: the code typed as the console shows it, or put there by its QR code.
    $("pair").hidden = Boolean(page.token);
    setText("remote-device", page.token ? text("paired_as", { name: page.device }) : "");
  }

  function showPairResult(message, refused) {
    $("pair-result").className = refused ? "refused" : "";
    setText("pair-result", message);
  }

  function pair() {
    if (page.pairing) return;
    // Sent as typed: the server reads a code whatever its case, spaces and dashes, and
    // says what is wrong with it (one place decides what a code is).
    const code = $("pair-code").value.trim();
    const name = $("pair-name").value.trim();
    if (!code) {
      showPairResult(text("pair_code_missing"), true);
      $("pair-code").focus();
      return;
    }
    page.pairing = true;
    $("pair-button").disabled = true;
    showPairResult(text("working"), false);
    api("/api/pair", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: code, name: name }),
    }).then((answer) => {
      page.pairing = false;
      $("pair-button").disabled = false;
      if (answer.status === 200 && answer.data.token) {
        page.token = answer.data.token;
        page.device = answer.data.device.name;
        storage.set(TOKEN_KEY, page.token);
        storage.set(DEVICE_KEY, page.device);
        $("pair-code").value = "";
        showPairResult("", false);
        document.body.classList.remove("pairing");
        showRemote();
        refreshControls();
      } else {
        showPairResult(answer.data.error || answer.data.why || String(answer.status), true);
        if (answer.status === 403) $("pair-code").select(); // a wrong code: typed again
      }
    }, () => {
      page.pairing = false;
      $("pair-button").disabled = false;
      showPairResult(text("not_sent"), true);
    });
  }

  function forget() {
    const token = page.token;
    page.token = null;
    storage.remove(TOKEN_KEY);
    storage.remove(DEVICE_KEY);
    showRemote();
    if (token) {
      fetch("/api/unpair?lang=" + live.language, {
        method: "POST",
        cache: "no-store",
        credentials: "omit",
        headers: { Authorization: "Bearer " + token, "Content-Type": "application/json" },
        body: "{}",
      }).catch(() => {});
    }
  }

  function refreshControls() {
    if (!page.token) return Promise.resolve();
    return api("/api/controls", authorised()).then((answer) => {
      if (answer.status === 401) {
        page.controls = null;
        forgetRefused(answer.data.error);
        return;
      }
      if (answer.status !== 200) {
        page.controls = null;
        showResult(answer.data.error || answer.data.why || "", true);
        disableAll();
        return;
      }
      page.controls = answer.data;
      drawControls();
    }, () => {});
  }

  function forgetRefused(reason) {
    page.token = null;
    storage.remove(TOKEN_KEY);
    storage.remove(DEVICE_KEY);
    showRemote();
    if (reason) {
      showPairResult(reason, true);
      document.body.classList.add("pairing"); // said, on a TV's screen too
    }
  }

  // On a TV's screen the pairing panel is below the screen, shown on asking.
  function openPairing() {
    document.body.classList.add("pairing");
    $("pair").scrollIntoView({ block: "start" });
    $("pair-code").focus();
  }

  function disableAll() {
    for (const button of document.querySelectorAll("#remote .control button")) button.disabled = true;
  }

  function setControl(button, answer) {
    button.disabled = !answer.ok;
    button.title = answer.why || "";
    const why = button.parentElement.querySelector(".why");
    if (why) why.textContent = answer.ok ? "" : answer.why;
  }

  function drawControls() {
    const controls = page.controls;
    if (!controls) return;
    const toggle = $("r-toggle");
    const action = controls.running ? "pause" : "start";
    toggle.dataset.action = action;
    toggle.textContent = action === "start" && controls.started ? text("resume") : text(action);
    setControl(toggle, controls.actions[action]);
    for (const button of document.querySelectorAll("#clock-controls [data-action]")) {
      if (button !== toggle) setControl(button, controls.actions[button.dataset.action]);
    }
    const tables = $("r-tables");
    tables.replaceChildren(
      ...controls.tables.map((table) => {
        const box = element("div", "control");
        const button = element("button", "", text("table", { table: table.table }));
        button.type = "button";
        button.addEventListener("click", () => send({ action: "hand_done", table: table.table }));
        box.append(button, element("small", "why"));
        setControl(button, table.hand_done);
        return box;
      })
    );
    $("r-tables-title").hidden = controls.tables.length === 0;
    fillPlayers($("r-player"), controls.players, false);
    fillPlayers($("r-eliminator"), controls.players.filter((player) => player.in), true);
    drawPlayerControls();
  }

  function fillPlayers(select, players, withNobody) {
    const chosen = select.value;
    const options = [];
    if (withNobody) options.push(new Option(text("nobody"), ""));
    for (const player of players) {
      const label = player.where ? player.name + " · " + player.where : player.name;
      options.push(new Option(label, String(player.id)));
    }
    select.replaceChildren(...options);
    if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
  }

  function chosenPlayer() {
    const controls = page.controls;
    if (!controls) return null;
    const id = Number($("r-player").value);
    return controls.players.find((player) => player.id === id) || null;
  }

  function drawPlayerControls() {
    const player = chosenPlayer();
    const none = { ok: false, why: "" };
    setControl($("r-bust"), player ? player.bust : none);
    setControl($("r-rebuy"), player ? player.rebuy : none);
    const limit = player ? player.rebuy_stack_at_most : null;
    $("r-stack").hidden = limit === null;
    $("r-stack-label").hidden = limit === null;
    if (limit !== null) setText("r-stack-label", text("chips_now", { chips: limit }));
    for (const option of $("r-eliminator").options) {
      option.disabled = player !== null && option.value === String(player.id);
    }
  }

  function showResult(message, refused) {
    const result = $("r-result");
    result.className = refused ? "refused" : "";
    result.textContent = message;
  }

  function send(request) {
    showResult(text("working"), false);
    disableAll();
    return api("/api/control", authorised({
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    })).then((answer) => {
      if (answer.status === 401) {
        forgetRefused(answer.data.error);
        return;
      }
      if (answer.status === 200) showResult(text("done", { action: answer.data.done }), false);
      else showResult(answer.data.why || answer.data.error || String(answer.status), true);
      return refreshControls();
    }, () => {
      showResult(text("not_sent"), true);
      return refreshControls();
    });
  }

  function bust() {
    const player = chosenPlayer();
    if (!player) return;
    if (!window.confirm(text("confirm_bust", { player: player.name }))) return;
    const eliminator = $("r-eliminator").value;
    send({ action: "bust", player: player.id, eliminator: eliminator ? Number(eliminator) : null });
  }

  function rebuy() {
    const player = chosenPlayer();
    if (!player) return;
    if (!window.confirm(text("confirm_rebuy", { player: player.name }))) return;
    const request = { action: "rebuy", player: player.id, paid: $("r-paid").checked };
    if (player.rebuy_stack_at_most !== null) {
      const typed = $("r-stack").value.replace(/[\s,.'\u202f\u00a0]/g, "");
      if (!/^\d{1,9}$/.test(typed)) {
        $("r-stack").focus();
        return;
      }
      request.stack = Number(typed);
    }
    send(request);
  }

  // -- starting --------------------------------------------------------------------------

  function textsCame() {
    drawTexts();
    draw();
    showRemote();
    drawControls();
    drawFound();
  }

  function languageChanged() {
    if (page.players !== null) refreshPlayers();
    if (page.token) refreshControls();
  }

  function readPairingCode() {
    const match = /(?:^|[#&])pair=([A-Za-z0-9-]{4,20})/.exec(window.location.hash);
    if (!match) return;
    $("pair-code").value = shownCode(match[1]);
    document.body.classList.add("pairing");
    // Out of the address bar: a code is for this pairing only.
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }

  // A code as the console shows it: "ABCD-EFGH".
  function shownCode(code) {
    return /^[A-Za-z0-9]{8}$/.test(code) ? code.slice(0, 4) + "-" + code.slice(4) : code;
  }

  function start() {
    readPairingCode();
    $("find-name").addEventListener("input", () => {
      if (page.players === null || page.playersRevision !== page.revision) refreshPlayers();
      drawFound();
    });
    $("find-name").addEventListener("focus", () => {
      if (page.players === null) refreshPlayers();
    });
    $("pair-button").addEventListener("click", pair);
    $("pair-open").addEventListener("click", openPairing);
    for (const field of ["pair-code", "pair-name"]) {
      $(field).addEventListener("keydown", (event) => {
        if (event.key === "Enter") pair();
      });
    }
    $("r-unpair").addEventListener("click", forget);
    $("r-toggle").addEventListener("click", () => send({ action: $("r-toggle").dataset.action }));
    for (const button of document.querySelectorAll("#clock-controls [data-action]")) {
      if (button.id !== "r-toggle") {
        button.addEventListener("click", () => send({ action: button.dataset.action }));
      }
    }
    $("r-player").addEventListener("change", drawPlayerControls);
    $("r-bust").addEventListener("click", bust);
    $("r-rebuy").addEventListener("click", rebuy);
    let resizing = null;
    window.addEventListener("resize", () => {
      if (resizing !== null) return;
      resizing = window.requestAnimationFrame(() => {
        resizing = null;
        if (page.display && page.display.display) layout();
      });
    });
    showRemote();
    live.start({
      texts: textsCame,
      language: languageChanged,
      state: stateCame,
      stale: staleChanged,
      tick: tick,
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
