// A helper's phone at the door or the bank: the event's players, each with the
// buy-in, re-buy, re-entry, add-on or payment it may take now (and why not).
//
// Paired once with the helpers' one-time code (the console's QR code opens
// /helper#code=...), it keeps its own token. What may be done comes from
// /api/helper, asked of the console's own rules; it is read again on every pushed
// state (live.js) and after each thing it takes.
"use strict";

(function () {
  const live = window.directorLive;
  const { storage, text, api, setText, element } = live;
  const TOKEN_KEY = "director.helper.token";
  const DEVICE_KEY = "director.helper.device";
  const ACTIONS = ["buy_in", "rebuy", "reentry", "addon", "pay"];

  const $ = (id) => document.getElementById(id);

  const page = {
    code: null,
    token: storage.get(TOKEN_KEY),
    device: storage.get(DEVICE_KEY) || "",
    view: null,
    refusal: "",
    busy: false,
    pairing: false,
  };

  function post(path, data, token) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    return api(path, { method: "POST", headers: headers, body: JSON.stringify(data) });
  }

  function drawTexts() {
    live.showLanguage();
    document.title = text("helper_title") || "director";
    setText("pair-title", text("helper_pair_title"));
    setText("pair-hint", text("helper_pair_hint"));
    setText("pair-code-label", text("helper_code"));
    setText("pair-name-label", text("pair_name"));
    setText("pair-button", text("helper_pair_button"));
    if (!$("pair-name").value) $("pair-name").value = page.device || text("helper_default_name");
    setText("helper-title", text("helper_heading"));
    setText("paid-label", text("paid"));
    $("filter").placeholder = text("helper_filter");
    $("new-name").placeholder = text("helper_new_name");
    setText("new-button", text("helper_new_button"));
    setText("forget", text("unpair"));
    live.showStatus();
  }

  function draw() {
    const paired = Boolean(page.token) && !page.code;
    $("pair").hidden = paired;
    $("page-error").hidden = !(paired && page.refusal);
    setText("page-error", page.refusal);
    const view = paired ? page.view : null;
    $("helper").hidden = !view;
    if (!view) return;
    setText("device-name", text("paired_as", { name: view.device || page.device }));
    const wanted = $("filter").value.trim().toLocaleLowerCase();
    const list = $("player-list");
    list.replaceChildren();
    // Who can be served now first (an expected player's buy-in, a re-buy), in the
    // server's order (by name) otherwise.
    const offered = (player) => ACTIONS.some((action) => player[action] && player[action].ok);
    const players = view.players.filter(offered).concat(view.players.filter((p) => !offered(p)));
    for (const player of players) {
      if (wanted && !player.name.toLocaleLowerCase().includes(wanted)) continue;
      const item = element("li");
      item.dataset.player = String(player.id);
      const who = element("div", "who");
      who.append(element("span", "name", player.name), element("span", "state", text("helper_" + player.status)));
      const actions = element("div", "actions");
      for (const action of ACTIONS) {
        const answer = player[action];
        if (!answer || !answer.ok) continue; // only what may be done now is offered
        const button = element("button", "", text("helper_" + action));
        button.type = "button";
        button.dataset.action = action;
        button.disabled = page.busy;
        button.addEventListener("click", () => take(action, player.id));
        actions.append(button);
      }
      item.append(who);
      if (actions.childElementCount) item.append(actions);
      list.append(item);
    }
  }

  function showResult(message, refused) {
    $("result").className = refused ? "refused" : "done";
    setText("result", message);
  }

  // A newcomer: the roster's record of that name (added when new) bought in, through
  // the console's rules like any buy-in.
  function addNewcomer() {
    const name = $("new-name").value.trim();
    if (!name) return;
    take("new_player", null, name);
  }

  function take(action, player, name) {
    if (page.busy) return;
    page.busy = true;
    draw();
    const data = action === "new_player" ? { action: action, name: name } : { action: action, player: player };
    if (action !== "pay") data.paid = $("paid").checked;
    showResult(text("working"), false);
    post("/api/helper/act", data, page.token).then((answer) => {
      page.busy = false;
      if (answer.status === 200) {
        showResult(text("done", { action: answer.data.done }), false);
        if (action === "new_player") $("new-name").value = "";
      }
      else showResult(answer.data.why || answer.data.error || String(answer.status), true);
      if (answer.status === 401) forgetToken();
      refresh();
    }, () => {
      page.busy = false;
      showResult(text("not_sent"), true);
      draw();
    });
  }

  function refresh() {
    if (!page.token || page.code) return;
    const token = page.token;
    api("/api/helper", { headers: { Authorization: "Bearer " + token } }).then((answer) => {
      if (token !== page.token) return;
      if (answer.status === 200) {
        page.view = answer.data;
        page.refusal = "";
        setText("event", "");
      } else if (answer.status === 401) {
        forgetToken();
        $("pair-result").className = "refused";
        setText("pair-result", answer.data.error || "");
      } else {
        page.view = null;
        page.refusal = answer.data.error || answer.data.why || String(answer.status);
      }
      draw();
    }, () => {});
  }

  function forgetToken() {
    page.token = null;
    page.view = null;
    storage.remove(TOKEN_KEY);
  }

  function forget() {
    const token = page.token;
    forgetToken();
    if (token) post("/api/helper/unpair", {}, token).catch(() => {});
    draw();
  }

  function pair() {
    if (page.pairing) return;
    const name = $("pair-name").value.trim() || text("helper_default_name");
    const code = $("pair-code").value.trim();
    if (!code) {
      $("pair-result").className = "refused";
      setText("pair-result", text("pair_code_missing"));
      return;
    }
    page.pairing = true;
    $("pair-button").disabled = true;
    post("/api/helper/pair", { code: code, name: name }).then((answer) => {
      page.pairing = false;
      $("pair-button").disabled = false;
      if (answer.status === 200 && answer.data.token) {
        page.token = answer.data.token;
        page.device = answer.data.device.name;
        storage.set(TOKEN_KEY, page.token);
        storage.set(DEVICE_KEY, page.device);
        page.code = null;
        $("pair-code").value = "";
        setText("pair-result", "");
        draw();
        refresh();
      } else {
        $("pair-result").className = "refused";
        setText("pair-result", answer.data.error || answer.data.why || String(answer.status));
      }
    }, () => {
      page.pairing = false;
      $("pair-button").disabled = false;
      $("pair-result").className = "refused";
      setText("pair-result", text("not_sent"));
    });
  }

  function readCode() {
    const match = /(?:^|[#&])code=([A-Za-z0-9-]{4,20})/.exec(window.location.hash);
    if (!match) return;
    page.code = match[1];
    $("pair-code").value = page.code;
    // Out of the address bar (and the history): a code is for this pairing only.
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    draw();
  }

  function start() {
    readCode();
    $("pair-button").addEventListener("click", pair);
    $("filter").addEventListener("input", draw);
    $("forget").addEventListener("click", forget);
    $("new-button").addEventListener("click", addNewcomer);
    window.addEventListener("hashchange", readCode);
    draw();
    live.start({
      texts: () => {
        drawTexts();
        draw();
      },
      language: refresh,
      state: refresh,
      tables: () => {},
      stale: () => {},
      tick: () => {},
    });
    refresh();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
