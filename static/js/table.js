// Table pages: live refresh, local countdowns, sound, vibration and the screen wake lock.
// No inline scripts anywhere (the Content-Security-Policy forbids them), so everything is wired here.
(function () {
  'use strict';

  const view = () => document.getElementById('view');
  const versionOf = (v) => parseInt(v && v.dataset.version, 10) || 0;

  // ---- live refresh: each viewer re-fetches its own view when the table moves on
  let inFlight = false;
  let again = false;
  function refresh() {
    const v = view();
    if (!v || !window.htmx) return;
    if (inFlight) { again = true; return; }
    inFlight = true;
    htmx.ajax('GET', v.dataset.viewUrl, { target: '#view', swap: 'outerMorph' })
      .then(followGame)
      .catch(() => {})
      .finally(() => { inFlight = false; if (again) { again = false; refresh(); } });
  }
  // The host switched games: the page shell (title, the game's stylesheet) belongs to the old game,
  // so this screen loads its page again, by itself: the same address, the new game's seat or board.
  const pageGame = view() && view().dataset.game;
  function followGame() {
    const v = view();
    if (v && pageGame && v.dataset.game && v.dataset.game !== pageGame) window.location.reload();
  }
  // The event's data: the version on its first line, then (usually) this viewer's fresh view, which
  // is swapped in as a re-fetch would be. Without the HTML (or if swapping fails), re-fetch.
  document.addEventListener('changed', (event) => {
    const data = String((event.detail && event.detail.data) || '');
    const cut = data.indexOf('\n');
    const seen = parseInt(cut < 0 ? data : data.slice(0, cut), 10);
    if (seen <= versionOf(view())) return;
    const html = cut < 0 ? '' : data.slice(cut + 1);
    // While a tap of this page is in flight, its view may be this very event: it waits for the
    // tap's answer, which says so (see "a tap answered by the page's own stream" below).
    if (html && (tapsInFlight || awaiting.length)) {
      if (!heldEvent || seen > heldEvent.seen) heldEvent = { seen, html };
      settle();
      return;
    }
    showEvent(seen, html, null);
  });
  // The event's view swapped in; `answers`: the tap it answers (its form was saved), if any.
  function showEvent(seen, html, answers) {
    if (seen <= versionOf(view())) return;
    const v = view();
    // A finger on a control: the view waits until it lifts (see pressing() below), then is fetched.
    if (pressing()) { refreshOnRelease = true; return; }
    if (!html || inFlight || !v || !window.htmx || typeof htmx.swap !== 'function') { refresh(); return; }
    Promise.resolve()
      .then(() => { streamAnswer = answers; return htmx.swap({ sourceElement: v, target: v, swap: 'outerMorph', text: html }); })
      .then(() => { followGame(); if (versionOf(view()) < seen) refresh(); })
      .catch(refresh)
      .finally(() => { if (streamAnswer === answers) streamAnswer = null; });
  }

  // ---- a tap answered by the page's own stream
  // While this page's stream is up, each tap names the page's tab (X-Tab: #live's data-tab, which
  // the stream's address carries too). A server that has just handed that stream the tap's view
  // answers 204 with the view's version (X-View-Version) instead of sending the view a second time,
  // and the view is swapped in from the stream as the tap's answer. Whichever of the two arrives
  // first, events wait while a tap is in flight, so the view is swapped in knowing the tap it
  // answers (the saved form's values, its question closing). A view that does not come within
  // AWAIT_MS is fetched: the server wrote the event before the answer, so only a stream that died
  // unnoticed (a phone that slept) misses it, and its player should not wait long for the view.
  const AWAIT_MS = 1500;
  let tapsInFlight = 0;
  let heldEvent = null;    // { seen, html }: the newest event that came while a tap was in flight
  let awaiting = [];       // taps answered 204: { ctx, version }, waiting for that view
  let awaitTimer = 0;
  let streamAnswer = null; // the tap whose view is being swapped in from the stream right now
  function settle() {
    if (heldEvent && awaiting.length) {
      const held = heldEvent;
      const answered = awaiting.filter((a) => a.version <= held.seen);
      if (answered.length) {
        awaiting = awaiting.filter((a) => a.version > held.seen);
        heldEvent = null;
        showEvent(held.seen, held.html, answered[answered.length - 1].ctx);
      }
    }
    if (heldEvent && !tapsInFlight && !awaiting.length) {
      const held = heldEvent;
      heldEvent = null;
      showEvent(held.seen, held.html, null);
    }
    clearTimeout(awaitTimer);
    if (awaiting.length) {
      awaitTimer = setTimeout(() => {
        awaiting = [];
        const held = heldEvent;
        heldEvent = null;
        if (held) showEvent(held.seen, held.html, null);
        refresh();
      }, AWAIT_MS);
    }
  }
  // Phones drop streams when they sleep: catch up as soon as the page is back.
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) { refresh(); requestWakeLock(); }
  });
  window.addEventListener('online', refresh);

  // Fallback when the stream cannot be opened: a tiny version poll (304 when nothing changed).
  let streamUp = false;
  document.addEventListener('htmx:sse:after:connection', () => { streamUp = true; });
  document.addEventListener('htmx:sse:error', () => { streamUp = false; });
  document.addEventListener('htmx:sse:close', () => { streamUp = false; });
  // A server at capacity (503) or a device holding too many streams (429) refuses the stream with
  // Retry-After; the first connection then never retries by itself, so after that long a fresh
  // stream element is put in (htmx connects it). Polling keeps the page current meanwhile.
  let streamRetryAt = 0;
  document.addEventListener('htmx:response:error', (event) => {
    if (!event.target || event.target.id !== 'live') return;
    streamUp = false;
    const raw = event.detail && event.detail.ctx && event.detail.ctx.response && event.detail.ctx.response.raw;
    const after = parseInt(raw && raw.headers.get('Retry-After'), 10);
    streamRetryAt = Date.now() + 1000 * (after > 0 ? Math.min(after, 600) : 30);
  });
  function reconnectStream() {
    const live = document.getElementById('live');
    if (!live || !window.htmx) return;
    streamRetryAt = 0;
    const fresh = live.cloneNode(false);
    live.replaceWith(fresh);
    htmx.process(fresh);
  }
  setInterval(async () => {
    const v = view();
    if (streamRetryAt && Date.now() >= streamRetryAt && !document.hidden) reconnectStream();
    if (streamUp || document.hidden || !v || !v.dataset.versionUrl) return;
    try {
      const answer = await fetch(v.dataset.versionUrl, { cache: 'no-cache' });
      if (answer.ok && (await answer.json()).version > versionOf(view())) refresh();
    } catch (e) { /* offline: try again next tick */ }
  }, 5000);

  // Every action carries the version this screen shows (morphing keeps forms; the version moves on).
  document.addEventListener('htmx:config:request', (event) => {
    const ctx = event.detail && event.detail.ctx;
    const v = view();
    if (!ctx || !v || ctx.request.method !== 'POST') return;
    const body = ctx.request.body;
    if (body && typeof body.set === 'function' && body.has('version')) body.set('version', v.dataset.version);
    const live = document.getElementById('live');
    if (streamUp && live && live.dataset.tab && ctx.request.headers) ctx.request.headers['X-Tab'] = live.dataset.tab;
    const action = socketAction(ctx.request.action);
    if (action && tapSocket && tapSocket.readyState === WebSocket.OPEN) ctx.fetch = (url, request) => sendTap(action, request);
  });

  // ---- taps over the page's own socket
  // A move or an undo goes as one message on a WebSocket the page keeps open (#live's data-taps;
  // companion/web/tap_socket.py), not as a POST: the server reads this page's cookies, tab and
  // language once, when the socket opens, instead of a whole HTTP request per tap. Its answer is the
  // one the POST would have had (the 204 with the version, the view, a refusal's view and
  // sentence), handed to htmx as its fetch's Response, so everything above and below is the same
  // either way. Whenever the socket is not open (opening, a phone that slept, a proxy that does not
  // pass WebSockets), taps are POSTs as before.
  const SOCKET_ACTION = /^\/t\/[^/]+\/(act\/[^/?#]+|undo)$/;
  const TAP_ANSWER_MS = 15000;
  let tapSocket = null;
  let socketRetry = 1000;
  let nextTap = 1;
  const answersDue = new Map(); // tap id -> { resolve, reject, timer }
  function socketAction(address) {
    if (!address) return null;
    const url = new URL(address, window.location.href);
    const found = url.origin === window.location.origin && url.pathname.match(SOCKET_ACTION);
    return found ? found[1] : null;
  }
  function openTapSocket() {
    const live = document.getElementById('live');
    if (!live || !live.dataset.taps || !window.WebSocket || tapSocket || document.hidden) return;
    const url = new URL(live.dataset.taps, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    tapSocket = socket;
    socket.onopen = () => { socketRetry = 1000; };
    socket.onmessage = (event) => {
      let answer;
      try { answer = JSON.parse(event.data); } catch (e) { return; }
      const due = answer && answersDue.get(answer.id);
      if (!due) return;
      answersDue.delete(answer.id);
      clearTimeout(due.timer);
      const body = answer.status === 204 ? null : answer.body;
      due.resolve(new Response(body, { status: answer.status, headers: answer.headers || {} }));
    };
    socket.onclose = () => {
      if (tapSocket === socket) tapSocket = null;
      // A tap whose answer never came may or may not have been made, as with a POST whose
      // connection broke: the page says it could not reach the table, and its stream says the rest.
      answersDue.forEach((due) => { clearTimeout(due.timer); due.reject(new TypeError('the tap socket closed')); });
      answersDue.clear();
      setTimeout(openTapSocket, socketRetry);
      socketRetry = Math.min(socketRetry * 2, 30000);
    };
  }
  function sendTap(action, request) {
    return new Promise((resolve, reject) => {
      const id = nextTap++;
      const form = new URLSearchParams();
      if (request.body && typeof request.body.forEach === 'function') {
        request.body.forEach((value, name) => { if (typeof value === 'string') form.append(name, value); });
      }
      const timer = setTimeout(() => {
        answersDue.delete(id);
        reject(new TypeError('no answer over the tap socket'));
      }, TAP_ANSWER_MS);
      answersDue.set(id, { resolve, reject, timer });
      try {
        tapSocket.send(JSON.stringify({ id, action, form: form.toString() }));
      } catch (e) {
        answersDue.delete(id);
        clearTimeout(timer);
        reject(e);
      }
    });
  }
  openTapSocket();
  document.addEventListener('visibilitychange', () => { if (!document.hidden) openTapSocket(); });

  // ---- every tap is sent, and answered where the finger is
  // A tap's request carries its form (ctx.request.form) and button (ctx.request.submitter); only
  // actions are POSTs, live refreshes are GETs.
  const isTap = (ctx) => !!(ctx && ctx.request && ctx.request.method === 'POST');
  const tapped = (ctx) => ctx.request.submitter || ctx.request.form || ctx.sourceElement;

  // A move that refuses a stale version (data-once: next round, resolve, undo, an answer to a seat
  // request) is shown disabled while its tap is in flight, so a double press sends it once. Not the
  // `disabled` property (htmx's hx-disable re-enables a button the fresh view just disabled, such
  // as Next round at the last round): aria-disabled, which no view renders, and a guard below.
  const sending = new Set();
  function markSending(form, on) {
    form.classList.toggle('sending', on);
    form.querySelectorAll('button').forEach((b) => {
      if (on) b.setAttribute('aria-disabled', 'true'); else b.removeAttribute('aria-disabled');
    });
  }
  document.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('form[data-once] button[aria-disabled="true"]');
    if (button) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);

  document.addEventListener('htmx:before:request', (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!isTap(ctx)) return;
    tapsInFlight += 1;
    clearAnswer();                        // the last answer goes away with the next action
    const form = ctx.request.form;
    if (form && form.hasAttribute('data-once')) { sending.add(form); markSending(form, true); }
  });
  document.addEventListener('htmx:after:request', (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!isTap(ctx) || !ctx.response || ctx.response.status !== 204) return;
    const version = parseInt(ctx.response.headers && ctx.response.headers.get('X-View-Version'), 10);
    if (version > versionOf(view())) awaiting.push({ ctx, version });
  });
  document.addEventListener('htmx:finally:request', (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!isTap(ctx)) return;
    const form = ctx.request.form;
    if (form && sending.delete(form)) markSending(form, false);
    tapsInFlight = Math.max(0, tapsInFlight - 1);
    settle();
  });

  // A finger on a control while the view is morphed could see its button replaced between press
  // and release, and a click that never fires sends nothing. So a view arriving during a press is
  // put aside and fetched again when the finger lifts (a press held longer than a tap does not wait).
  let pressedAt = 0;
  let refreshOnRelease = false;
  document.addEventListener('pointerdown', (event) => {
    if (event.target.closest && event.target.closest('#view')) pressedAt = performance.now();
  }, { capture: true, passive: true });
  const release = () => {
    pressedAt = 0;
    if (refreshOnRelease) { refreshOnRelease = false; setTimeout(refresh, 0); } // after the click
  };
  document.addEventListener('pointerup', release, { capture: true, passive: true });
  document.addEventListener('pointercancel', release, { capture: true, passive: true });
  const pressing = () => pressedAt && performance.now() - pressedAt < 1500;

  // Answers and refreshes race: a device's own answer, the refreshes its stream asks for and other
  // taps' answers can arrive in any order. A view older than the one shown is never swapped in
  // (every newer version already holds what the older one did); the sentence beside it still is.
  let answering = null; // the tap whose answer is being swapped in right now
  document.addEventListener('htmx:before:swap', (event) => {
    const { ctx, tasks } = event.detail || {};
    const shown = view();
    if (!ctx || !tasks || !shown) return;
    if (isTap(ctx)) {
      const control = tapped(ctx);
      ctx.tapRect = control && control.isConnected ? control.getBoundingClientRect() : null;
    }
    const main = tasks.findIndex((t) => t.type === 'main' && t.target === shown);
    if (main >= 0) {
      const incoming = tasks[main].fragment && tasks[main].fragment.querySelector('#view');
      if (incoming && versionOf(incoming) < versionOf(shown)) {
        tasks.splice(main, 1);
      } else if (pressing()) {
        tasks.splice(main, 1);
        refreshOnRelease = true;
      }
    }
    answering = isTap(ctx) && ctx.response && ctx.response.status < 300 ? ctx : streamAnswer;
  });

  // What a player typed or ticked survives a live refresh, in that same field of that same form
  // only. htmx's morph reuses elements by position and tag, so an input can become another form's
  // field (Cloaked Cats: the ticked boxes of "Place the masks" became the radios of "Guess a
  // feature?", with a guess already chosen); and it copies a changed value attribute into a field,
  // so a pad half filled in would be reset when someone else saves theirs. So every field is known
  // by its form (the move's address and its hidden fields, never its position) and its name (and,
  // for a box or option, its value): a field that keeps its identity keeps what was typed or ticked,
  // unless the view is the answer to saving that very form (the server's values are then what was
  // saved); a field that is now another one starts as the server renders it. htmx 4 offers these
  // moments only to extensions (a morph:attr handler returning false keeps the attribute and value).
  const formKey = (form) => {
    if (!form) return '';
    const hidden = [...form.querySelectorAll('input[type="hidden"]')]
      .filter((h) => h.name !== 'version' && h.name !== 'as')
      .map((h) => h.name + '=' + (h.getAttribute('value') || ''));
    return (form.getAttribute('action') || '') + '?' + hidden.join('&');
  };
  function fieldKey(node) {
    const field = node.tagName === 'OPTION' ? node.closest('select') : node;
    if (!field) return '';
    const box = node.tagName === 'OPTION' || (node.type === 'checkbox' || node.type === 'radio');
    return [formKey(field.closest('form')), field.tagName, field.type || '', field.getAttribute('name') || '',
      box ? node.getAttribute('value') || '' : ''].join('|');
  }
  const isField = (node) => node instanceof HTMLInputElement || node instanceof HTMLSelectElement
    || node instanceof HTMLOptionElement;
  let keysBefore = new WeakMap(); // each field of the view being replaced -> its identity then
  function beforeMorphNode(old, detail) {
    if (old.id === 'view') {
      // The morph starts at #view, before any field in it has changed: note who each one is.
      keysBefore = new WeakMap();
      old.querySelectorAll('input, select, option').forEach((f) => keysBefore.set(f, fieldKey(f)));
      return true;
    }
    const fresh = detail && detail.newNode;
    if (!isField(old) || !fresh || !keysBefore.has(old)) return true;
    const same = keysBefore.get(old) === fieldKey(fresh);
    const saved = !!(answering && answering.request.form === old.form);
    if (same && !saved) return true;
    if (old instanceof HTMLOptionElement) old.selected = fresh.hasAttribute('selected');
    else if (old.type === 'checkbox' || old.type === 'radio') old.checked = fresh.hasAttribute('checked');
    else if (old instanceof HTMLInputElement && old.type !== 'file' && !same) old.value = fresh.getAttribute('value') || '';
    return true;
  }
  function keepTyped(field, change) {
    // A question opened in the page (data-keep-open) stays open while the table moves on, until
    // one of its own buttons is answered.
    if (change && change.attrName === 'open' && change.newValue === null && field.matches('details[data-keep-open]')) {
      return !!(answering && answering.request.form && field.contains(answering.request.form));
    }
    if (!change || change.attrName !== 'value' || !(field instanceof HTMLInputElement)) return true;
    if (field.type === 'hidden' || field.type === 'file') return true;
    const typed = field.value !== (field.getAttribute('value') || '');
    if (!typed || change.newValue === field.value) return true;
    return !!(answering && answering.request.form === field.form);
  }
  if (window.htmx) {
    htmx.registerExtension('keep-typing', {
      htmx_before_morph_node: beforeMorphNode,
      htmx_before_morph_attr: keepTyped,
    });
  }

  // The answer: #flash (outside #view) receives a refusal's sentence out of band, or htmx's
  // retargeted error page. It is placed beside the control that was tapped, inside the visible
  // screen (below it, else above it, else at the bottom of the screen), and said in the live region.
  function answerElement() { return document.getElementById('flash'); }
  function clearAnswer() {
    const flash = answerElement();
    if (!flash) return;
    flash.replaceChildren();
    flash.classList.remove('shown');
  }
  function placeAnswer(anchor) {
    const flash = answerElement();
    const screen = window.visualViewport;
    const margin = 8;
    const top0 = screen ? screen.offsetTop : 0;
    const left0 = screen ? screen.offsetLeft : 0;
    const height = screen ? screen.height : window.innerHeight;
    const width = screen ? screen.width : window.innerWidth;
    flash.style.position = 'fixed';
    flash.style.maxWidth = Math.min(448, width - 2 * margin) + 'px';
    flash.style.left = left0 + margin + 'px';
    flash.style.top = top0 + margin + 'px';
    flash.classList.add('shown');
    const box = flash.getBoundingClientRect();
    const visible = anchor && anchor.width && anchor.bottom > top0 && anchor.top < top0 + height;
    let top = top0 + height - margin - box.height;   // fixed to the bottom of the visible screen
    let left = left0 + (width - box.width) / 2;
    if (visible) {
      if (anchor.bottom + margin + box.height <= top0 + height - margin) top = anchor.bottom + margin;
      else if (anchor.top - margin - box.height >= top0 + margin) top = anchor.top - margin - box.height;
      left = anchor.left + anchor.width / 2 - box.width / 2;
    }
    left = Math.max(left0 + margin, Math.min(left, left0 + width - margin - box.width));
    top = Math.max(top0 + margin, top);
    if (visible) {
      // Beside its control it belongs to the page: scrolling moves both together.
      flash.style.position = 'absolute';
      top += window.scrollY;
      left += window.scrollX;
    }
    flash.style.top = top + 'px';
    flash.style.left = left + 'px';
  }
  // The finger's place: the tapped control where it is now, else where it was before the swap.
  function anchorOf(ctx) {
    if (!isTap(ctx)) return null;
    const control = tapped(ctx);
    if (control && control.isConnected && control.closest('#view')) return control.getBoundingClientRect();
    return ctx.tapRect || null;
  }
  // Says and places a sentence #flash has just received; returns it (null when nothing is new).
  function newAnswer(ctx) {
    const flash = answerElement();
    const line = flash && flash.querySelector('[data-answer]:not([data-shown])');
    if (!line) return null;
    line.dataset.shown = '1';
    placeAnswer(anchorOf(ctx));
    return line.textContent.replace(/\s+/g, ' ').trim();
  }
  function answerWith(ctx, text) {
    const flash = answerElement();
    if (!flash || !text) return;
    const line = document.createElement('p');
    line.className = 'flash error';
    line.dataset.answer = '';
    line.textContent = text;
    flash.replaceChildren(line);
    announce(newAnswer(ctx));
  }
  // It goes with the next action: a press on any control (a field to correct counts), or Escape.
  // It takes no taps itself (CSS), so it never stands between a finger and the control under it.
  document.addEventListener('pointerdown', (event) => {
    if (event.target.closest && event.target.closest('#view :is(button, a, input, select, textarea, summary, label)')) clearAnswer();
  }, { capture: true, passive: true });
  document.addEventListener('keydown', (event) => { if (event.key === 'Escape') clearAnswer(); });
  // No answer at all (offline, the server gone, a timeout): say so where the finger is, never nothing.
  document.addEventListener('htmx:error', (event) => {
    const ctx = event.detail && event.detail.ctx;
    const flash = answerElement();
    if (isTap(ctx) && flash && !(ctx.response && ctx.response.status)) answerWith(ctx, flash.dataset.noAnswer);
  });

  // A "No" in a question opened in the page (a <details>) closes it; nothing is sent.
  document.addEventListener('click', (event) => {
    const no = event.target.closest && event.target.closest('[data-closes-details]');
    const details = no && no.closest('details');
    if (details) details.open = false;
  });

  // ---- sound (unlocked by the first tap: iOS only lets a page play sound after a gesture)
  let audio = null;
  document.addEventListener('pointerdown', () => {
    if (!audio && (window.AudioContext || window.webkitAudioContext)) {
      audio = new (window.AudioContext || window.webkitAudioContext)();
    }
    if (audio && audio.state === 'suspended') audio.resume();
  }, { passive: true });
  function chime() {
    if (audio) {
      const t0 = audio.currentTime;
      [0, 0.25, 0.5].forEach((offset, i) => {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.frequency.value = i === 2 ? 988 : 784;
        gain.gain.setValueAtTime(0.0001, t0 + offset);
        gain.gain.exponentialRampToValueAtTime(0.4, t0 + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + offset + 0.22);
        osc.connect(gain).connect(audio.destination);
        osc.start(t0 + offset);
        osc.stop(t0 + offset + 0.25);
      });
    }
    if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
  }

  function warn() {
    if (audio) {
      const t0 = audio.currentTime;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 523;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0);
      osc.stop(t0 + 0.16);
    }
    if (navigator.vibrate) navigator.vibrate(80);
  }

  // ---- countdowns: counted locally from the server's clock, so a running timer costs no requests
  let clockOffset = 0; // server time minus this device's time, in ms
  function syncClock() {
    const v = view();
    if (v && v.dataset.serverNow) clockOffset = parseInt(v.dataset.serverNow, 10) - Date.now();
  }
  const format = (seconds) => {
    const s = Math.max(0, Math.ceil(seconds));
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  };
  // Keyed by the run's end time, not by DOM attributes, because a live refresh morphs the elements.
  const seenRunning = new Set();
  const rang = new Set();
  const warned = new Set();
  const roomy = new Set();
  const refreshedAt = new Set();
  function tick() {
    const now = Date.now() + clockOffset;
    // Something shown until a moment (a secret on the board covers itself): fetched again then.
    document.querySelectorAll('#view [data-refresh-at]').forEach((el) => {
      const at = el.dataset.refreshAt;
      if (now >= parseInt(at, 10) && !refreshedAt.has(at)) { refreshedAt.add(at); refresh(); }
    });
    document.querySelectorAll('.countdown[data-running="1"]').forEach((el) => {
      const run = el.dataset.endsAt;
      const left = (parseInt(run, 10) - now) / 1000;
      const text = format(left);
      if (el.textContent !== text) el.textContent = text;
      const low = left > 0 && left <= 10;
      el.classList.toggle('low', low);
      el.classList.toggle('over', left <= 0);
      const face = el.closest('.timer-face');
      if (face) {
        const length = parseFloat(el.dataset.length);
        if (length > 0) face.style.setProperty('--left', String(Math.max(0, Math.min(1, left / length))));
        face.classList.toggle('low', low);
        face.classList.toggle('over', left <= 0);
      }
      if (left > 10) roomy.add(run);
      if (low && roomy.has(run) && !warned.has(run)) {
        // The last ten seconds: said once, with a short tick and buzz, for a run this page saw with
        // more time than that (not after a reload into them, nor for a timer shorter than ten seconds).
        warned.add(run);
        // The sentence comes from the page, so it is in the player's language.
        const words = document.getElementById('announcer').dataset;
        announce(words.lowTime.replace('{timer}', el.getAttribute('aria-label') || words.timer));
        warn();
      }
      if (left > 0) {
        seenRunning.add(run);
      } else if (seenRunning.has(run) && !rang.has(run)) {
        // Ring only for a run this page saw, not one that ended while the page was closed.
        rang.add(run);
        chime();
        refresh(); // the view's controls change when a timer ends (Pause becomes Start)
        el.dispatchEvent(new CustomEvent('timer:over', { bubbles: true }));
      }
    });
  }
  // ---- one polite live region (#announcer, outside #view) says what changed for screen readers.
  // Templates mark what is worth saying with data-say (the sentence; empty means the element's own
  // text) and data-say-key (what it is about); a new .winner line is always said. A refresh that
  // changes nothing says nothing, and the page's first render is silent.
  const said = new Map();
  let announced = false;
  function announce(text) {
    const region = document.getElementById('announcer');
    if (!region || !text) return;
    // Emptied first so the same sentence twice in a row is still read out.
    region.textContent = '';
    setTimeout(() => { region.textContent = text; }, 50);
  }
  function sayChanges(first) {
    const news = first ? [first] : [];
    const seen = new Set();
    document.querySelectorAll('#view [data-say], #view .winner').forEach((el, i) => {
      const text = (el.dataset.say || el.textContent).replace(/\s+/g, ' ').trim();
      const key = el.dataset.sayKey || (el.classList.contains('winner') ? 'winner-' + text : 'say-' + i);
      seen.add(key);
      if (announced && said.get(key) !== text) news.push(text);
      said.set(key, text);
    });
    for (const key of [...said.keys()]) if (!seen.has(key)) said.delete(key);
    announced = true;
    // One announcement; a sentence that ends with its own stop is not given a second one.
    if (news.length) announce(news.map((n, i) => (i < news.length - 1 && !/[.!?…]$/.test(n) ? n + '.' : n)).join(' '));
  }
  document.addEventListener('htmx:after:swap', (event) => {
    const ctx = event.detail && event.detail.ctx;
    answering = null;
    syncClock();
    sayChanges(newAnswer(ctx));   // the answer first, then what changed, in one announcement
  });
  document.addEventListener('DOMContentLoaded', () => { syncClock(); sayChanges(); tick(); requestWakeLock(); });
  setInterval(tick, 250);

  // ---- keep the screen on while a table is open (never an error if the browser refuses)
  let wakeLock = null;
  async function requestWakeLock() {
    if (!('wakeLock' in navigator) || document.hidden || !view()) return;
    try {
      if (!wakeLock || wakeLock.released) wakeLock = await navigator.wakeLock.request('screen');
    } catch (e) { /* refused (battery saver, no permission): the game works anyway */ }
  }

  window.catTable = { refresh, chime, announce };
})();
