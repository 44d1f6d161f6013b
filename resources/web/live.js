// What the public page (app.js) and a table's dealer phone (dealer.js) share: the
// viewer's language and the texts in it, the JSON requests, the clock's arithmetic
// and the push channel.
//
// The server pushes the clock display (texts in the viewer's language, and the raw
// numbers behind them) over a WebSocket when anything changes, and a heartbeat every
// two seconds with its own time. Between two pushes a page counts down by itself
// from the instant the level ends, corrected by the offset between the server's
// clock and this device's. When nothing has been heard for a few seconds (Wi-Fi
// gone, phone asleep) the bar says "connection lost" and the page stops vouching for
// its time; it reconnects with a growing delay, and catches up with the full state
// the server sends on every connection.
//
// Loaded before the page's own script, it makes window.directorLive; the page calls
// its start() with what to do on each event (see start below).
"use strict";

window.directorLive = (function () {
  const PROTOCOL = 1;
  const STALE_MS = 5000; // no message for this long: the connection is lost
  const ASLEEP_MS = 3000; // the page's own timer stalled this long: it was asleep
  const BACKOFF_FIRST_MS = 500;
  const BACKOFF_MOST_MS = 8000;
  const TICK_MS = 200;
  const TEXTS_AGAIN_MS = 2000; // the texts could not be read: asked again this often
  const OFFSETS_KEPT = 12;
  const LANGUAGE_KEY = "director.language"; // one choice for both pages
  const LANGUAGES = ["en", "fr"];

  const $ = (id) => document.getElementById(id);
  const storage = {
    get(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
    remove(key) { try { window.localStorage.removeItem(key); } catch (e) { /* private mode */ } },
  };

  // What the pages read: the language, the texts, the push channel's state.
  const live = {
    storage: storage,
    language: chooseLanguage(),
    texts: null,
    offset: 0, // the server's clock minus this device's
    stale: true, // nothing heard lately: the time shown cannot be vouched for
    heard: 0, // when the last message came (this device's clock), 0 before any
  };

  const channel = {
    socket: null,
    waitingSince: 0,
    lastTick: Date.now(),
    backoff: BACKOFF_FIRST_MS,
    reconnectTimer: null,
    offsets: [],
  };

  let handlers = null;

  function chooseLanguage() {
    const asked = new URLSearchParams(window.location.search).get("lang");
    if (LANGUAGES.includes(asked)) return asked;
    const saved = storage.get(LANGUAGE_KEY);
    if (LANGUAGES.includes(saved)) return saved;
    const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
    return LANGUAGES.includes(browser) ? browser : "en";
  }

  function text(key, values) {
    let found = (live.texts && live.texts[key]) || "";
    if (values) {
      for (const [name, value] of Object.entries(values)) {
        found = found.split("{" + name + "}").join(String(value));
      }
    }
    return found;
  }

  // A JSON request in the viewer's language, never with cookies: its status and data
  // (an empty object when the answer is not JSON).
  function api(path, options) {
    const joiner = path.includes("?") ? "&" : "?";
    const settings = Object.assign({ cache: "no-store", credentials: "omit" }, options || {});
    return fetch(path + joiner + "lang=" + live.language, settings).then((response) =>
      response.json().then(
        (data) => ({ status: response.status, data: data }),
        () => ({ status: response.status, data: {} })
      )
    );
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

  function serverNow() {
    return Date.now() + live.offset;
  }

  function noteOffset(serverTime, received) {
    // The server's time minus this device's when it arrived: the travel time makes
    // each sample too small, so the largest recent one is the truest.
    channel.offsets.push(serverTime - received);
    if (channel.offsets.length > OFFSETS_KEPT) channel.offsets.shift();
    live.offset = Math.max.apply(null, channel.offsets);
  }

  // The time a pushed display shows now: counted down from when the level (or the
  // cash game's time) ends, or to the planned start, or up in overtime; else the
  // server's words.
  function timeLeft(display) {
    const timing = display.timing;
    const waiting = timing.starts_at !== null && timing.starts_at !== undefined && !display.started;
    const counting = (display.running && !display.hands_level) || timing.cash_ends_at !== null || waiting;
    if (!counting) return display.time_text;
    const now = serverNow();
    if (waiting) return formatClock(Math.max(0, timing.starts_at - now));
    if (timing.cash_ends_at !== null && !display.running) return formatClock(timing.cash_ends_at - now);
    if (timing.ends_at !== null) return formatClock(timing.ends_at - now);
    if (display.overtime) return "+" + formatClock(timing.overtime_ms + (now - timing.computed_at));
    return display.time_text;
  }

  // -- drawing: the bar both pages have ---------------------------------------------

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

  function showLanguage() {
    document.documentElement.lang = live.language;
    for (const button of document.querySelectorAll("#languages button")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === live.language));
    }
  }

  function showStatus() {
    let status = "";
    if (live.texts && live.stale) status = live.heard ? text("connection_lost") : text("connecting");
    setText("status", status);
    document.body.classList.toggle("stale", live.stale && live.heard > 0);
  }

  // -- the texts and the language -----------------------------------------------------

  function loadTexts() {
    return api("/api/texts").then((answer) => {
      if (answer.status === 200) {
        live.texts = answer.data;
        handlers.texts();
        showAwake(); // in the language just read
      }
    });
  }

  function setLanguage(chosen) {
    if (!LANGUAGES.includes(chosen) || chosen === live.language) return;
    live.language = chosen;
    storage.set(LANGUAGE_KEY, chosen);
    loadTexts().then(() => {
      const socket = channel.socket;
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "language", language: chosen }));
      }
      handlers.language();
    }, () => {});
  }

  // -- the push channel ----------------------------------------------------------------

  function setStale(stale) {
    if (live.stale === stale) return;
    live.stale = stale;
    showStatus();
    handlers.stale();
  }

  function connect() {
    clearTimeout(channel.reconnectTimer);
    channel.reconnectTimer = null;
    if (channel.socket) return;
    let socket;
    try {
      socket = new WebSocket("ws://" + window.location.host + "/ws?lang=" + live.language);
    } catch (error) {
      reconnectLater();
      return;
    }
    channel.socket = socket;
    channel.waitingSince = Date.now();
    socket.onmessage = (event) => {
      if (channel.socket !== socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      heard(message);
    };
    socket.onopen = () => {
      channel.backoff = BACKOFF_FIRST_MS;
    };
    socket.onclose = () => {
      if (channel.socket !== socket) return;
      channel.socket = null;
      setStale(true);
      reconnectLater();
    };
    socket.onerror = () => {
      try { socket.close(); } catch (error) { /* closing anyway */ }
    };
  }

  function reconnectLater() {
    if (channel.reconnectTimer) return;
    const delay = channel.backoff + Math.random() * 250;
    channel.backoff = Math.min(channel.backoff * 2, BACKOFF_MOST_MS);
    channel.reconnectTimer = setTimeout(connect, delay);
  }

  function reconnectNow() {
    const socket = channel.socket;
    channel.socket = null;
    if (socket) {
      try { socket.close(); } catch (error) { /* gone already */ }
    }
    channel.backoff = BACKOFF_FIRST_MS;
    connect();
  }

  function heard(message) {
    const received = Date.now();
    if (typeof message.now === "number") noteOffset(message.now, received);
    live.heard = received;
    if (message.type === "state" && message.protocol !== PROTOCOL) {
      window.location.reload(); // a page from another version of the server
      return;
    }
    setStale(false);
    if (message.type === "state") handlers.state(message);
    else if (message.type === "tables") handlers.tables(message);
  }

  function tick() {
    const now = Date.now();
    // The device slept (or hid the page): what is shown may be stale. Say so, and
    // fetch the whole state again at once.
    const slept = now - channel.lastTick > ASLEEP_MS;
    if (slept) {
      setStale(true);
      reconnectNow();
    } else if (channel.socket && now - Math.max(live.heard, channel.waitingSince) > STALE_MS) {
      setStale(true);
      reconnectNow();
    }
    channel.lastTick = now;
    handlers.tick(slept);
  }

  // -- the screen kept awake -------------------------------------------------------------
  // While a running clock shows, the page asks the browser to keep the screen on (the
  // Screen Wake Lock). The browser lets the lock go whenever the page is hidden: it is
  // asked again when the page shows again. Where there is no such lock (an older
  // browser, or a page not served over HTTPS: browsers give it to secure pages only)
  // or the browser refuses it (battery saver), a quiet note in the bar says the
  // screen may sleep. The lock is never asked while the clock is stopped.

  const awake = { wanted: false, lock: null, asking: false, refused: null };

  function clockRuns(display) {
    return Boolean(display && (display.running || (display.timing && display.timing.cash_ends_at !== null)));
  }

  function keepAwake(wanted) {
    awake.wanted = Boolean(wanted);
    if (awake.wanted) askAwake();
    else letSleep();
    showAwake();
  }

  function askAwake() {
    if (awake.lock || awake.asking || document.visibilityState !== "visible") return;
    const wakeLock = navigator.wakeLock;
    if (!wakeLock || typeof wakeLock.request !== "function") {
      awake.refused = "awake_missing";
      return;
    }
    awake.asking = true;
    let asked;
    try {
      asked = wakeLock.request("screen");
    } catch (error) {
      asked = Promise.reject(error);
    }
    Promise.resolve(asked).then((lock) => {
      awake.asking = false;
      if (!awake.wanted) {
        lock.release().catch(() => {});
        return;
      }
      awake.lock = lock;
      awake.refused = null;
      lock.addEventListener("release", () => {
        if (awake.lock === lock) awake.lock = null;
      });
      showAwake();
    }, () => {
      awake.asking = false;
      awake.refused = "awake_refused";
      showAwake();
    });
  }

  function letSleep() {
    const lock = awake.lock;
    awake.lock = null;
    awake.refused = null;
    if (lock) lock.release().catch(() => {});
  }

  function showAwake() {
    const note = $("awake-note");
    if (!note) return;
    const shown = awake.wanted && awake.refused !== null && live.texts !== null;
    note.textContent = shown ? text(awake.refused) : "";
    note.hidden = !shown;
  }

  // -- starting --------------------------------------------------------------------------

  // Wires the language buttons, reads the texts (again until they come), connects and
  // keeps the clock going. ``given`` says what the page does (each may be left out):
  // texts() once the texts are read (again after a language change: draw the words),
  // language() after that change (read again what came in the old language),
  // state(message) on a pushed state, tables(message) when the tables changed,
  // stale() when the channel is lost or back (live.stale says which), and tick(slept)
  // five times a second (slept: the device was asleep; the channel is reconnecting).
  function start(given) {
    const nothing = () => {};
    handlers = Object.assign(
      { texts: nothing, language: nothing, state: nothing, tables: nothing, stale: nothing, tick: nothing },
      given
    );
    for (const button of document.querySelectorAll("#languages button")) {
      button.addEventListener("click", () => setLanguage(button.dataset.lang));
    }
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      tick();
      if (awake.wanted) askAwake(); // the browser let the lock go while hidden
    });
    window.addEventListener("online", reconnectNow);
    const loadUntilDone = () => loadTexts().catch(() => setTimeout(loadUntilDone, TEXTS_AGAIN_MS));
    loadUntilDone();
    connect();
    setInterval(tick, TICK_MS);
  }

  return Object.assign(live, {
    text: text,
    api: api,
    formatClock: formatClock,
    serverNow: serverNow,
    noteOffset: noteOffset,
    timeLeft: timeLeft,
    setText: setText,
    element: element,
    showLanguage: showLanguage,
    showStatus: showStatus,
    clockRuns: clockRuns,
    keepAwake: keepAwake,
    start: start,
  });
})();
