// The door's check-in page (/door): a player types his name, picks it among the
// roster's names offered for it (never more than a few, never a contact), or says
// he is new, and checks in. Nothing is bought here: the organizer sees the arrival
// and takes the buy-in at the console.
//
// On its own (no push channel): the texts and the names come from /api/door/*, in
// the language chosen (?lang=, then the one kept by the other pages, then the
// browser's).
"use strict";

(function () {
  const LANGUAGES = ["en", "fr"];
  const LANGUAGE_KEY = "director.language";
  const WAIT_MS = 300; // a search after a pause in the typing, not one per key
  const $ = (id) => document.getElementById(id);

  const page = { language: chooseLanguage(), texts: {}, typed: "", timer: 0, busy: false, asked: 0 };

  function kept() {
    try {
      return window.localStorage.getItem(LANGUAGE_KEY);
    } catch (error) {
      return null;
    }
  }

  function chooseLanguage() {
    const asked = new URLSearchParams(window.location.search).get("lang");
    if (LANGUAGES.includes(asked)) return asked;
    const stored = kept();
    if (LANGUAGES.includes(stored)) return stored;
    const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
    return LANGUAGES.includes(browser) ? browser : "en";
  }

  function text(key, values) {
    let found = page.texts[key] || "";
    for (const [name, value] of Object.entries(values || {})) found = found.split("{" + name + "}").join(value);
    return found;
  }

  function setText(id, value) {
    $(id).textContent = value;
  }

  // A JSON request in the viewer's language, never with cookies.
  function api(path, data) {
    const settings = { credentials: "omit", cache: "no-store" };
    if (data !== undefined) {
      settings.method = "POST";
      settings.headers = { "Content-Type": "application/json" };
      settings.body = JSON.stringify(data);
    }
    return fetch(path + "?lang=" + page.language, settings).then((response) =>
      response.json().then((body) => ({ status: response.status, data: body }), () => ({ status: response.status, data: {} }))
    );
  }

  function refused(answer) {
    return answer.data.error || answer.data.why || String(answer.status);
  }

  function drawTexts() {
    document.documentElement.lang = page.language;
    document.title = text("title") || "director";
    for (const button of document.querySelectorAll("#languages button")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === page.language));
    }
    setText("heading", text("heading"));
    setText("hint", text("hint"));
    setText("name-label", text("name"));
    setText("none", text("none"));
    setText("another", text("another"));
    drawNew();
  }

  function drawNew() {
    const typed = $("name").value.trim().replace(/\s+/g, " ");
    $("new").hidden = typed.length < 2;
    setText("new", text("new", { name: typed }));
  }

  function drawOffered(people) {
    const list = $("offered");
    list.replaceChildren();
    for (const person of people) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = person.name;
      button.dataset.player = String(person.id);
      button.addEventListener("click", () => checkIn(person.id));
      item.append(button);
      list.append(item);
    }
    $("none").hidden = people.length > 0 || $("name").value.trim().length < 2;
  }

  function find() {
    const typed = $("name").value.trim().replace(/\s+/g, " ");
    drawNew();
    if (typed.length < 2) {
      drawOffered([]);
      return;
    }
    const asked = ++page.asked;
    api("/api/door/find", { name: typed }).then((answer) => {
      if (asked !== page.asked) return; // a later search is under way
      if (answer.status === 200) {
        setText("result", "");
        drawOffered(answer.data.offered);
      } else {
        drawOffered([]);
        setText("result", refused(answer));
      }
    }, () => setText("result", text("not_sent")));
  }

  function typing() {
    window.clearTimeout(page.timer);
    drawNew();
    page.timer = window.setTimeout(find, WAIT_MS);
  }

  function checkIn(player) {
    if (page.busy) return;
    const typed = $("name").value.trim().replace(/\s+/g, " ");
    if (!typed) return;
    page.busy = true;
    setText("result", text("working"));
    api("/api/door/check-in", { name: typed, player: player }).then((answer) => {
      page.busy = false;
      if (answer.status !== 200) {
        setText("result", refused(answer));
        return;
      }
      setText("result", "");
      const data = answer.data;
      const key = data.already ? "already" : data.new ? "checked_in" : "again";
      setText("done-text", text(key, { name: data.name }));
      $("door").hidden = true;
      $("done").hidden = false;
    }, () => {
      page.busy = false;
      setText("result", text("not_sent"));
    });
  }

  function another() {
    $("name").value = "";
    drawOffered([]);
    drawNew();
    $("done").hidden = true;
    $("door").hidden = false;
    $("name").focus();
  }

  function readTexts() {
    return api("/api/door/texts").then((answer) => {
      if (answer.status === 200) {
        page.texts = answer.data;
        drawTexts();
      }
    }, () => setText("result", "…"));
  }

  function setLanguage(chosen) {
    if (!LANGUAGES.includes(chosen) || chosen === page.language) return;
    page.language = chosen;
    try {
      window.localStorage.setItem(LANGUAGE_KEY, chosen);
    } catch (error) {
      // a private window: the choice lasts this page only
    }
    readTexts().then(find);
  }

  function start() {
    for (const button of document.querySelectorAll("#languages button")) {
      button.addEventListener("click", () => setLanguage(button.dataset.lang));
    }
    $("name").addEventListener("input", typing);
    $("name").addEventListener("keydown", (event) => {
      if (event.key === "Enter") find();
    });
    $("new").addEventListener("click", () => checkIn(null));
    $("another").addEventListener("click", another);
    readTexts();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
