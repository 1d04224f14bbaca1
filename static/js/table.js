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
      .catch(() => {})
      .finally(() => { inFlight = false; if (again) { again = false; refresh(); } });
  }
  // The event's data: the version on its first line, then (usually) this viewer's fresh view, which
  // is swapped in as a re-fetch would be. Without the HTML (or if swapping fails), re-fetch.
  document.addEventListener('changed', (event) => {
    const data = String((event.detail && event.detail.data) || '');
    const cut = data.indexOf('\n');
    const seen = parseInt(cut < 0 ? data : data.slice(0, cut), 10);
    if (seen <= versionOf(view())) return;
    const html = cut < 0 ? '' : data.slice(cut + 1);
    const v = view();
    if (!html || inFlight || !v || !window.htmx || typeof htmx.swap !== 'function') { refresh(); return; }
    Promise.resolve()
      .then(() => htmx.swap({ sourceElement: v, target: v, swap: 'outerMorph', text: html }))
      .then(() => { if (versionOf(view()) < seen) refresh(); })
      .catch(refresh);
  });
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
  });
  // A refused action answers with the fresh view and its reason; clear an old reason on the next swap.
  document.addEventListener('htmx:before:request', () => {
    const flash = document.getElementById('flash');
    if (flash) flash.textContent = '';
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
  function tick() {
    const now = Date.now() + clockOffset;
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
  function sayChanges() {
    const news = [];
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
    if (news.length) announce(news.join('. '));
  }
  document.addEventListener('htmx:after:swap', () => { syncClock(); sayChanges(); });
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
