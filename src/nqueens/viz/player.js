"use strict";
const META = JSON.parse(document.getElementById("trace-meta").textContent);
const N = META.n, KNIGHT = META.piece === "superqueen", COLUMN = META.scan === "column";
const OWN_STEPS = META.stepMode === "own";   // the events carry the solver's own step count
const C = META.colours;
const KINDS = ["test", "place", "remove", "move", "solution", "conflicts", "state", "done"];
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let bytes = null;              // the compact trace
const CHECK_EVERY = 4096;      // a checkpoint every so many events
let checkpoints = [];          // {idx, off, queens, cursor, step, sols}
let solutionsAt = [];          // [event index, step, cols] of every solution
let total = {events: 0, steps: 0};
// the replay state
let S = null;

function fresh() {
  return {idx: 0, off: 0, queens: [], cursor: [-1, -1], step: 0, sols: 0, last: null, pin: null,
          shown: null, levels: new Array(N + 1).fill(0)};
}
function copyState(s) {
  return {idx: s.idx, off: s.off, queens: s.queens.map(q => [q[0], q[1]]),
          cursor: [s.cursor[0], s.cursor[1]], step: s.step, sols: s.sols, last: s.last, pin: null,
          shown: null, levels: s.levels.slice()};
}
function varint(s) {
  let v = 0, shift = 0, b;
  do { b = bytes[s.off++]; v += (b & 0x7f) * Math.pow(2, shift); shift += 7; } while (b & 0x80);
  return v;
}
function attackers(queens, r, c) {
  const out = [];
  for (const q of queens) {
    if (q[0] === r && q[1] === c) continue;
    const dr = r - q[0], dc = c - q[1];
    if (dr === 0 || dc === 0 || Math.abs(dr) === Math.abs(dc) ||
        (KNIGHT && ((Math.abs(dr) === 1 && Math.abs(dc) === 2) || (Math.abs(dr) === 2 && Math.abs(dc) === 1))))
      out.push(q);
  }
  return out;
}
// Apply the next event to the state; return it.
function apply(s) {
  const b = bytes[s.off++];
  const kind = b & 7, ok = (b & 8) !== 0, where = (b >> 4) & 3;
  const e = {kind: kind, ok: ok, r: -1, c: -1, count: 0};
  if (kind === 0) s.step++;
  else if (ok) s.step += varint(s);    // an event that says how many steps it adds
  s.pin = null;
  s.shown = null;
  if (kind <= 2) {
    let r, c;
    if (kind === 2 && where === 0) { [r, c] = s.queens[s.queens.length - 1]; }
    else if (where === 0) { [r, c] = s.cursor; }
    else if (where === 1) { [r, c] = COLUMN ? [s.cursor[0] + 1, s.cursor[1]] : [s.cursor[0], s.cursor[1] + 1]; }
    else if (where === 2) { [r, c] = COLUMN ? [0, s.cursor[1] + 1] : [s.cursor[0] + 1, 0]; }
    else { const v = varint(s); r = Math.floor(v / N); c = v % N; }
    e.r = r; e.c = c; s.cursor = [r, c];
    if (kind === 1) { s.queens.push([r, c]); s.levels[s.queens.length]++; }
    else if (kind === 0) { /* a test changes nothing */ }
    else {
      const i = s.queens.findIndex(q => q[0] === r && q[1] === c);
      if (i >= 0) s.queens.splice(i, 1);
    }
  } else if (kind === 3) {
    const v = varint(s), f = varint(s);
    e.r = Math.floor(v / N); e.c = v % N;
    let i = -1;
    if (f > 0) { const fr = Math.floor((f - 1) / N), fc = (f - 1) % N;
      i = s.queens.findIndex(q => q[0] === fr && q[1] === fc); }
    else {
      const col = s.queens.map((q, j) => j).filter(j => s.queens[j][1] === e.c && s.queens[j][0] !== e.r);
      const row = s.queens.map((q, j) => j).filter(j => s.queens[j][0] === e.r && s.queens[j][1] !== e.c);
      i = col.length === 1 ? col[0] : (row.length === 1 ? row[0] : -1);
    }
    if (i >= 0) s.queens[i] = [e.r, e.c];
    s.cursor = [e.r, e.c];
  } else if (kind === 4) { s.sols++; e.count = s.sols; }
  else if (kind === 5 || kind === 6) { e.count = varint(s); }
  s.idx++;
  s.last = e;
  return e;
}
function boardCols(queens) {
  // column scans read a solution as the row of the queen in each column, as the source does
  const cols = new Array(N).fill(0);
  for (const q of queens) { if (COLUMN) cols[q[1]] = q[0] + 1; else cols[q[0]] = q[1] + 1; }
  return cols;
}
// One pass over the whole trace: checkpoints, totals, solutions.
// The search tree of a backtracking trace: a node for each queen placed (its parent, its
// level, the events where it appears and is taken back, the first solution below it),
// kept while the tree stays small enough to draw.
const TREE_LIMIT = 3000;
let tree = null;   // {nodes: [...], tooBig: bool}
function index() {
  const s = fresh();
  checkpoints = [copyState(s)];
  const nodes = [], open = [];
  let tooBig = false;
  while (s.off < bytes.length) {
    const e = apply(s);
    if (e.kind === 4) solutionsAt.push([s.idx, s.step, boardCols(s.queens)]);
    if (META.tree && !tooBig) {
      if (e.kind === 1) {
        if (nodes.length >= TREE_LIMIT) tooBig = true;
        else { nodes.push({p: open.length ? open[open.length - 1] : -1, d: open.length + 1,
                           r: e.r, c: e.c, at: s.idx, end: Infinity, solAt: Infinity});
               open.push(nodes.length - 1); }
      } else if (e.kind === 2 && open.length) nodes[open.pop()].end = s.idx;
      else if (e.kind === 4) for (const k of open) if (nodes[k].solAt === Infinity) nodes[k].solAt = s.idx;
    }
    if (s.idx % CHECK_EVERY === 0) checkpoints.push(copyState(s));
  }
  total = {events: s.idx, steps: s.step};
  if (META.tree) tree = {nodes: tooBig ? [] : nodes, tooBig: tooBig};
}
let treeView = null;
function renderTree() {
  if (!tree) return;
  $("tree-levels").textContent = "nodes per level so far (0 … " + N + " queens): 1, " +
    S.levels.slice(1).join(", ") + (tree.tooBig ? "  (the tree has over " + TREE_LIMIT +
    " nodes: its levels are counted, not drawn)" : "");
  if (tree.tooBig) { $("tree-view").hidden = true; return; }
  if (!treeView) {
    treeView = new TreeView($("tree-view"), {n: N, name: (r, c) => name(r, c),
      jump: (k) => { pause(); seek(k); render(); setStatus("paused"); }});
    treeView.setNodes(tree.nodes);
  }
  treeView.update(S.idx);
}
function seek(target) {
  target = Math.max(0, Math.min(target, total.events));
  if (!(S && S.idx <= target && target - S.idx < CHECK_EVERY)) {
    let lo = 0, hi = checkpoints.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (checkpoints[mid].idx <= target) lo = mid; else hi = mid - 1; }
    S = copyState(checkpoints[lo]);
  }
  while (S.idx < target) apply(S);
}
// The step count after the next event, without applying it.
function nextStep(s) {
  const b = bytes[s.off];
  if ((b & 7) === 0) return s.step + 1;
  if (!(b & 8)) return s.step;
  const t = {off: s.off + 1};
  let v = 0, shift = 0, x;
  do { x = bytes[t.off++]; v += (x & 0x7f) * Math.pow(2, shift); shift += 7; } while (x & 0x80);
  return s.step + v;
}
function seekStep(k) {
  // square tests: the k-th test; own steps: the board after every event of steps <= k
  k = Math.max(0, Math.min(k, total.steps));
  if (k === 0) { S = fresh(); return; }
  let lo = 0, hi = checkpoints.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (checkpoints[mid].step < k) lo = mid; else hi = mid - 1; }
  S = copyState(checkpoints[lo]);
  if (OWN_STEPS) {
    while (S.idx < total.events && nextStep(S) <= k) apply(S);
    S.pin = k;     // shown as step k even when its candidate swap changed nothing
  } else {
    while (S.idx < total.events && !(S.step === k && S.last && S.last.kind === 0)) apply(S);
    // a free square also shows what it led to before the next test: the queen placed
    // there and the solution it completes, as the command line's step k does
    if (S.last && S.last.kind === 0 && S.last.ok) {
      const test = S.last, trail = [];
      while (S.idx < total.events && (bytes[S.off] & 7) !== 0 &&
             ((bytes[S.off] & 7) === 1 || (bytes[S.off] & 7) === 4)) trail.push(apply(S));
      if (trail.length) S.shown = {test: test, trail: trail};
    }
  }
}
// A step number typed or given in the address: a whole number, or null.
function parseStep(text) {
  const t = String(text === null || text === undefined ? "" : text).trim();
  return /^[0-9]+$/.test(t) ? Number(t) : null;
}
function jumpTo(text) {
  pause();
  const k = parseStep(text);
  if (k === null) {
    setStatus("ignored: \"" + String(text).trim() + "\" is not a step number (a whole number from 0 to " +
              total.steps + ")");
    return;
  }
  seekStep(k); render();
  if (k > total.steps) setStatus("step " + k + " is past the end: showing the last step, " + total.steps);
  else setStatus("paused");
}
function fileName(c) {
  let f = "", k = c + 1;
  while (k > 0) { const m = (k - 1) % 26; f = String.fromCharCode(97 + m) + f; k = Math.floor((k - 1) / 26); }
  return f;
}
function name(r, c) { return fileName(c) + (N - r); }
function describe(e, s) {
  if (!e) return "the empty board";
  const at = e.r >= 0 ? name(e.r, e.c) : "";
  switch (e.kind) {
    case 0: {
      if (e.ok) return "test " + at + ": free";
      const why = attackers(s.queens, e.r, e.c).map(q => {
        const l = q[0] === e.r ? "same row as" : q[1] === e.c ? "same column as" :
          Math.abs(q[0] - e.r) === Math.abs(q[1] - e.c) ? "diagonal of" : "a knight's move from";
        return l + " the queen on " + name(q[0], q[1]);
      });
      return "test " + at + ": refused (" + why.join("; ") + ")";
    }
    case 1: return "place a queen on " + at;
    case 2: return "take back the queen on " + at;
    case 3: return "move a queen to " + at;
    case 4: return "solution " + e.count + "!";
    case 5: return e.count + (e.count === 1 ? " attacking pair" : " attacking pairs");
    case 6: return "state " + e.count;
    default: return "done: " + S.sols + (S.sols === 1 ? " solution" : " solutions") + " in " +
                    S.step + (S.step === 1 ? " step" : " steps");
  }
}
const SVGNS = "http://www.w3.org/2000/svg";
// your own board: queens placed by clicking, independent of the trace
let OWN = null;   // null: the trace is shown; else {queens: [[r, c], ...]}
const OWN_MAX_N = 14;   // completions are counted in the page up to this n
function ownToggle(on) {
  OWN = on ? {queens: OWN ? OWN.queens : []} : null;
  if (on) pause();
  $("own-mode").setAttribute("aria-pressed", on ? "true" : "false");
  $("own-mode").textContent = on ? "back to the trace" : "your own board";
  for (const id of ["own-count", "own-complete", "own-clear"]) $(id).disabled = !on;
  if (on && N > OWN_MAX_N) { $("own-count").disabled = $("own-complete").disabled = true; }
  $("own-result").textContent = on ? (N > OWN_MAX_N ? "click squares to place or remove queens " +
    "(completions are counted up to n = " + OWN_MAX_N + ")" : "click squares to place or remove queens") : "";
  render();
}
function ownClick(r, c) {
  if (!OWN) return;
  const i = OWN.queens.findIndex(q => q[0] === r && q[1] === c);
  if (i >= 0) OWN.queens.splice(i, 1); else OWN.queens.push([r, c]);
  $("own-result").textContent = OWN.queens.length + (OWN.queens.length === 1 ? " queen" : " queens") +
    " placed: " + OWN.queens.map(q => name(q[0], q[1])).sort().join(", ");
  render();
}
// The solutions holding the given queens (rows top to bottom, a queen of each row),
// by bit sets: all of them counted, or the first one found.
function completions(fixed, first) {
  const want = new Array(N).fill(-1);
  for (const [r, c] of fixed) { if (want[r] >= 0 && want[r] !== c) return first ? null : 0; want[r] = c; }
  const full = (1 << N) - 1, board = new Array(N).fill(-1);
  let count = 0, found = null;
  (function go(r, cols, d1, d2) {
    if (found) return;
    if (r === N) { count++; if (first) found = board.slice(); return; }
    let free = full & ~(cols | d1 | d2);
    if (want[r] >= 0) free &= 1 << want[r];
    while (free) {
      const bit = free & -free; free ^= bit;
      board[r] = 31 - Math.clz32(bit);
      go(r + 1, cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1);
      if (found) return;
    }
  })(0, 0, 0, 0);
  return first ? found : count;
}
function ownCount() {
  const k = completions(OWN.queens, false);
  $("own-result").textContent = k + (k === 1 ? " way" : " ways") + " to complete this board" +
    (OWN.queens.length ? " (nqueens count " + N + " --fixed " +
     OWN.queens.map(q => name(q[0], q[1])).sort().join(",") + ")" : "");
}
function ownComplete() {
  const b = completions(OWN.queens, true);
  if (!b) { $("own-result").textContent = "no completion: no solution holds these queens"; return; }
  OWN.queens = b.map((c, r) => [r, c]);
  $("own-result").textContent = "one completion: " + OWN.queens.map(q => name(q[0], q[1])).join(" ");
  render();
}
function render() {
  if (OWN) return renderOwn();
  renderTrace();
}
function renderOwn() {
  const keep = S;
  S = {idx: keep.idx, queens: OWN.queens, last: null, shown: null, pin: keep.pin, step: keep.step,
       sols: keep.sols};
  try { renderTrace(); } finally { S = keep; }
  $("event-text").textContent = "your own board";
}
function renderTrace() {
  const svg = $("board");
  const parts = ['<defs><path id="q" d="' + META.queenPath + '" fill="' + C.queen + '" stroke="#fff" stroke-width="0.02"/></defs>'];
  parts.push('<rect width="' + N + '" height="' + N + '" fill="' + C.light + '"/>');
  let dark = "";
  for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) if ((r + c) % 2) dark += "M" + c + " " + r + "h1v1h-1z";
  parts.push('<path d="' + dark + '" fill="' + C.dark + '"/>');
  const e = S.shown ? S.shown.test : S.last;
  const red = new Set();
  if (e && e.kind === 0 && !e.ok) for (const q of attackers(S.queens, e.r, e.c)) red.add(q[0] * N + q[1]);
  for (let i = 0; i < S.queens.length; i++) for (let j = i + 1; j < S.queens.length; j++) {
    const a = S.queens[i], b = S.queens[j];
    if (attackers([a], b[0], b[1]).length) { red.add(a[0] * N + a[1]); red.add(b[0] * N + b[1]); }
  }
  if ($("shade").checked) {   // the squares the queens attack, and how many attack each
    const counts = META.method === "min-conflicts" || META.method === "intuitive";
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) {
      const k = attackers(S.queens, r, c).length;
      if (!k) continue;
      parts.push('<rect class="attacked" x="' + c + '" y="' + r + '" width="1" height="1" fill="' +
                 C.attacked + '" fill-opacity="' + Math.min(0.5, 0.15 + 0.1 * k) + '"/>');
      if (counts) parts.push('<text class="count" x="' + (c + 0.92) + '" y="' + (r + 0.3) +
                             '" font-size="0.26" text-anchor="end">' + k + '</text>');
    }
  }
  for (const v of red) parts.push('<rect class="attacker" x="' + (v % N) + '" y="' + Math.floor(v / N) + '" width="1" height="1" fill="' + C.attack + '" fill-opacity="0.6"/>');
  if (e && e.r >= 0 && e.kind === 0) {
    parts.push('<rect class="tried ' + (e.ok ? "free" : "refused") + '" x="' + (e.c + 0.05) + '" y="' + (e.r + 0.05) +
      '" width="0.9" height="0.9" fill="none" stroke="' + (e.ok ? C.free : C.refused) + '" stroke-width="0.1"/>');
  }
  const put = S.shown ? S.shown.trail.find(t => t.kind === 1) :
    (S.last && (S.last.kind === 1 || S.last.kind === 3) ? S.last : null);
  const moved = put ? put.r * N + put.c : -1;
  for (const q of S.queens) parts.push('<use href="#q" x="' + q[1] + '" y="' + q[0] + '"' +
    (q[0] * N + q[1] === moved ? ' class="placed"' : "") + '/>');
  if (!S.shown && S.last && S.last.kind === 2 && !playing)   // taken back: fading out
    parts.push('<use href="#q" class="removed" x="' + S.last.c + '" y="' + S.last.r + '"/>');
  // file letters below the board and rank numbers on its left: the names the text uses
  for (let c = 0; c < N; c++)
    parts.push('<text class="file" x="' + (c + 0.5) + '" y="' + (N + 0.5) + '" font-size="0.4" ' +
               'text-anchor="middle">' + fileName(c) + '</text>');
  for (let r = 0; r < N; r++)
    parts.push('<text class="rank" x="-0.15" y="' + (r + 0.64) + '" font-size="0.4" ' +
               'text-anchor="end">' + (N - r) + '</text>');
  svg.setAttribute("viewBox", "-0.75 0 " + (N + 0.85) + " " + (N + 0.75));
  svg.innerHTML = parts.join("");
  renderCode();
  renderData(e);
  renderTree();
  if (!playing) report();
  $("timeline").value = S.idx;
  $("timeline").setAttribute("value", S.idx);   // for a saved page, as the speed slider
  $("step-counter").textContent = S.pin !== null ? S.pin : S.step;
  $("event-counter").textContent = S.idx + " / " + total.events;
  $("depth").textContent = S.queens.length;
  $("solutions-count").textContent = S.sols;
  $("event-text").textContent = S.shown ?
    [describe(S.shown.test, S)].concat(S.shown.trail.map(t => describe(t, S))).join("; ") :
    describe(e, S);
  // the last solutions found so far
  let lo = 0, hi = solutionsAt.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (solutionsAt[mid][0] <= S.idx) lo = mid + 1; else hi = mid; }
  const shown = solutionsAt.slice(Math.max(0, lo - 200), lo).reverse();
  $("solutions").innerHTML = shown.map((x, i) => '<a href="#" class="sol" data-event="' + x[0] + '">#' +
    (lo - i) + " at step " + x[1] + ": " + x[2].join(" ") + "</a>").join("");
  let board = "";
  const cols = new Array(N).fill(-1);
  for (const q of S.queens) cols[q[0]] = q[1];
  for (let r = 0; r < N; r++) { let line = ""; for (let c = 0; c < N; c++) line += cols[r] === c ? "Q" : "."; board += line + "\n"; }
  $("final-board").textContent = board;
}
// the code panel: the line the last event executed
function renderCode() {
  const code = META.code;
  if (!code) return;
  const last = S.shown ? S.shown.trail[S.shown.trail.length - 1] : S.last;
  const at = last ? code.lineOf[KINDS[last.kind]] : undefined;
  const items = $("code").children;
  for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === at);
}
function buildCode() {
  const code = META.code;
  if (!code) { $("code-panel").hidden = true; return; }
  $("code-title").textContent = code.title;
  $("code").innerHTML = code.lines.map((t, i) => '<li data-line="' + i + '"><code></code>' +
    '<span class="gloss"></span></li>').join("");
  const items = $("code").children;
  for (let i = 0; i < items.length; i++) {
    items[i].firstChild.textContent = code.lines[i];
    items[i].lastChild.textContent = code.glosses[i];
  }
}
// the data panel: the source's three arrays (proba), the three sets (sets)
function cells(label, id, lo, hi, taken, checked) {
  let h = '<div class="strip" id="' + id + '"><span class="label">' + label + '</span>';
  for (let k = lo; k <= hi; k++) {
    const cls = "cell" + (taken.has(k) ? " taken" : "") + (checked === k ? " checked" : "");
    h += '<span class="' + cls + '" data-index="' + k + '" title="' + label.split(" ")[0] + '[' + k +
         ']: ' + (taken.has(k) ? "false (a queen)" : "true (free)") + '">' + k + '</span>';
  }
  return h + "</div>";
}
function renderData(e) {
  const kind = META.data;
  if (!kind) return;
  const tried = e && e.kind === 0 ? e : null;
  if (kind === "arrays") {   // 1-based as the source: sor 1..n, oszlop-sor, oszlop+sor
    const sor = new Set(), diff = new Set(), sum = new Set();
    for (const q of S.queens) { sor.add(q[0] + 1); diff.add(q[1] - q[0]); sum.add(q[1] + q[0] + 2); }
    $("data").innerHTML =
      cells("sor (row) 1…" + N, "strip-sor", 1, N, sor, tried ? tried.r + 1 : null) +
      cells("oszlop−sor (column − row) " + (1 - N) + "…" + (N - 1), "strip-diff", 1 - N, N - 1, diff,
            tried ? tried.c - tried.r : null) +
      cells("oszlop+sor (column + row) 2…" + 2 * N, "strip-sum", 2, 2 * N, sum,
            tried ? tried.c + tried.r + 2 : null);
  } else if (kind === "sets") {   // 0-based as the Uzbek source: cols, r - c, r + c
    const sets = [["cols", q => q[1], t => t.c], ["diag1", q => q[0] - q[1], t => t.r - t.c],
                  ["diag2", q => q[0] + q[1], t => t.r + t.c]];
    $("data").innerHTML = sets.map(([label, key, probe]) => {
      const vals = S.queens.map(key).sort((a, b) => a - b);
      const look = tried ? probe(tried) : null;
      return '<div class="setline" id="set-' + label + '">' + label + " = {" + vals.map(v =>
        v === look ? '<span class="hit">' + v + "</span>" : String(v)).join(", ") + "}" +
        (tried ? "  looked up: " + look + (vals.includes(look) ? " (in it)" : " (not in it)") : "") +
        "</div>";
    }).join("");
  }
}
// playing
let playing = false, timer = null, speed = META.speed || 20, lastTick = 0, carry = 0;
const AUTO_SECONDS = 120;   // at the default speed, a trace longer than this plays faster
function speedFromSlider() { return Math.round(Math.pow(10, Number($("speed").value) / 10)); }
function showSpeed() {
  $("speed-text").textContent = speed >= 1e6 ? "max" : speed + " events/s";
  $("speed").setAttribute("value", $("speed").value);   // the slider's position, for a saved page
}
function setStatus(t) { $("status").textContent = t; if (S && bytes) report(); }
function tick() {
  const now = performance.now();
  const dt = (now - lastTick) / 1000; lastTick = now;
  carry += speed * dt;
  let k = Math.floor(carry); carry -= k;
  if (speed >= 1e6) k = 1000000;
  while (k-- > 0 && S.idx < total.events) apply(S);
  render();
  if (S.idx >= total.events) { pause(); setStatus("done"); return; }
  timer = setTimeout(tick, speed >= 1e6 ? 0 : 16);
}
function play() {
  if (S.idx >= total.events) seek(0);
  playing = true; $("play").textContent = "pause"; setStatus("playing");
  lastTick = performance.now(); carry = 1; tick();
}
function pause() { playing = false; if (timer) clearTimeout(timer); timer = null; $("play").textContent = "play";
  if (S.idx < total.events) setStatus("paused"); }
function step(d) { pause(); seek(S.idx + d); render(); }
// The board just after the solution before (dir -1) or after (dir +1) the event shown.
function toSolution(dir) {
  pause();
  const at = dir > 0 ? solutionsAt.find(x => x[0] > S.idx) :
    [...solutionsAt].reverse().find(x => x[0] < S.idx);
  if (!at) { setStatus(dir > 0 ? "no solution after this point" : "no solution before this point"); return; }
  seek(at[0]); render(); setStatus("paused");
}
function toSolutionNumber(text) {
  const k = parseStep(text);
  if (k === null || k < 1 || k > solutionsAt.length) {
    setStatus("ignored: there is no solution " + String(text).trim() + " (the trace has " +
              solutionsAt.length + ")");
    return;
  }
  pause(); seek(solutionsAt[k - 1][0]); render(); setStatus("paused");
}
function wire() {
  $("play").onclick = () => playing ? pause() : play();
  $("back").onclick = () => step(-1);
  $("fwd").onclick = () => step(1);
  $("restart").onclick = () => { pause(); seek(0); render(); };
  $("end").onclick = () => { pause(); seek(total.events); render(); setStatus("done"); };
  $("speed").oninput = () => { speed = speedFromSlider(); showSpeed(); };
  $("jump").onclick = () => jumpTo($("jump-step").value);
  $("prev-sol").onclick = () => toSolution(-1);
  $("next-sol").onclick = () => toSolution(1);
  $("timeline").oninput = () => { pause(); seek(Number($("timeline").value)); render(); };
  $("shade").onchange = () => render();
  $("own-mode").onclick = () => ownToggle(!OWN);
  $("own-count").onclick = () => ownCount();
  $("own-complete").onclick = () => ownComplete();
  $("own-clear").onclick = () => { OWN.queens = []; $("own-result").textContent = "cleared"; render(); };
  $("board").addEventListener("click", (ev) => {
    if (!OWN) return;
    const pt = $("board").createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
    const p = pt.matrixTransform($("board").getScreenCTM().inverse());
    const r = Math.floor(p.y), c = Math.floor(p.x);
    if (r >= 0 && r < N && c >= 0 && c < N) ownClick(r, c);
  });
  $("solutions").onclick = (ev) => {
    const a = ev.target.closest("a.sol");
    if (!a) return;
    ev.preventDefault(); pause(); seek(Number(a.dataset.event)); render(); setStatus("paused");
  };
  document.addEventListener("keydown", (ev) => {
    if (ev.target && ev.target.tagName === "INPUT" && ev.key !== "Enter") return;
    if (ev.key === " ") { ev.preventDefault(); playing ? pause() : play(); }
    else if (ev.key === "ArrowRight" || ev.key === "n") step(1);
    else if (ev.key === "ArrowLeft") step(-1);
    else if (ev.key === "a") { $("shade").checked = !$("shade").checked; render(); }
    else if (ev.key === "o") ownToggle(!OWN);
    else if (ev.key === "]") toSolution(1);
    else if (ev.key === "[") toSolution(-1);
    else if (ev.key === "Home") { pause(); seek(0); render(); }
    else if (ev.key === "End") { $("end").onclick(); }
    else if (ev.key === "+") { $("speed").value = Number($("speed").value) + 3; $("speed").oninput(); }
    else if (ev.key === "-") { $("speed").value = Number($("speed").value) - 3; $("speed").oninput(); }
    else if (ev.key === "Enter" && ev.target === $("jump-step")) $("jump").onclick();
  });
}
// A page that holds two players side by side drives both with messages:
// {nqueens: 1, cmd: "play" | "pause" | "step" | "restart" | "end" | "jump" | "speed", value}
// and hears back their state: {nqueens: 1, state: {step, steps, event, events, status}}.
function report() {
  if (window.parent === window) return;
  window.parent.postMessage({nqueens: 1, state: {step: S.pin !== null ? S.pin : S.step,
    steps: total.steps, event: S.idx, events: total.events, status: $("status").textContent}}, "*");
}
window.addEventListener("message", (ev) => {
  const m = ev.data;
  if (!m || m.nqueens !== 1 || !m.cmd || !bytes) return;
  if (m.cmd === "play") { if (!playing) play(); }
  else if (m.cmd === "pause") pause();
  else if (m.cmd === "step") step(Number(m.value) || 1);
  else if (m.cmd === "restart") { pause(); seek(0); render(); }
  else if (m.cmd === "end") $("end").onclick();
  else if (m.cmd === "jump") jumpTo(String(m.value));
  else if (m.cmd === "speed") { speed = Math.max(1, Math.min(1e6, Number(m.value) || 20));
    $("speed").value = Math.max(0, Math.min(60, Math.round(10 * Math.log10(speed)))); showSpeed(); }
  report();
});
async function load() {
  const text = document.getElementById("trace-data").textContent.trim();
  const raw = Uint8Array.from(atob(text), ch => ch.charCodeAt(0));
  if (typeof DecompressionStream === "undefined") { setStatus("this browser cannot inflate the trace"); return; }
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate"));
  bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  index();
  $("step-total").textContent = total.steps;
  $("step-label").textContent = META.stepLabel || "step";
  $("depth-label").textContent = META.depthLabel || "queens on the board";
  buildCode();
  if (tree) $("tree-panel").hidden = false;
  if (META.data) { $("data-panel").hidden = false;
    $("data-title").textContent = META.data === "arrays" ?
      "the source's three arrays (false: a queen on that line)" :
      META.data === "sets" ? "the three sets of used lines" :
      "the attackers of every square";
    if (META.data === "attackers") $("data").textContent = "Each square of the board shows how " +
      "many queens attack it (the shading; the key a hides it): what the repair lowers."; }
  // the repairs start with every square's attackers written on the board (their data)
  if (params.get("shade") || META.data === "attackers") $("shade").checked = params.get("shade") !== "0";
  $("timeline").max = total.events;
  $("timeline").setAttribute("max", total.events);
  $("solution-order").textContent = COLUMN ? "the row of the queen in each column" : "the column of the queen in each row";
  S = fresh();
  const asked = params.get("speed");
  if (META.autoSpeed && total.events / speed > AUTO_SECONDS)
    speed = Math.ceil(total.events / AUTO_SECONDS);   // a huge trace plays in minutes, not days
  if (asked === "max") speed = 1e6;
  else if (asked !== null && Number.isFinite(Number(asked)) && Number(asked) > 0) speed = Math.max(1, Number(asked));
  speed = Math.min(speed, 1e6);
  $("speed").value = Math.max(0, Math.min(60, Math.round(10 * Math.log10(speed))));
  showSpeed(); wire(); render(); setStatus("ready");
  if (params.has("step")) jumpTo(params.get("step"));
  if (params.has("event")) { const k = parseStep(params.get("event"));
    if (k !== null) { seek(k); render(); setStatus("paused"); } }
  if (params.has("solution")) toSolutionNumber(params.get("solution"));
  if (params.has("own")) {   // ?own=a8,d7: your own board with these queens
    ownToggle(true);
    for (const sq of params.get("own").split(",").filter(Boolean)) {
      const m = /^([a-z]+)([0-9]+)$/.exec(sq.trim());
      if (!m) continue;
      let c = 0; for (const ch of m[1]) c = c * 26 + (ch.charCodeAt(0) - 96);
      const r = N - Number(m[2]);
      if (r >= 0 && r < N && c >= 1 && c <= N) ownClick(r, c - 1);
    }
    if (params.get("ownAction") === "count") ownCount();
    if (params.get("ownAction") === "complete") ownComplete();
  }
  if (params.get("autoplay")) play();
}
load().catch(err => setStatus("error: " + err));
