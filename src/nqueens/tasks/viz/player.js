// The player: reads the compact trace, replays it event by event (and line by line), and
// draws the board, the code, the call stack, the data and the tree as one screen.
const META = JSON.parse(document.getElementById("trace-meta").textContent);
const N = META.n, KNIGHT = META.piece === "superqueen", COLUMN = META.scan === "column";
const OWN_STEPS = META.stepMode === "own";   // the events carry the solver's own step count
const C = META.colours;
const KINDS = ["test", "place", "remove", "move", "solution", "conflicts", "state", "done"];
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const fmt = (x) => Number(x).toLocaleString("en-US");   // 4,958,430
let bytes = null;              // the compact trace shown
const CHECK_EVERY = 4096;      // a checkpoint every so many events
let checkpoints = [];          // {idx, off, queens, cursor, step, sols}
let solutionsAt = [];          // [event index, step, queens] of every solution
let total = {events: 0, steps: 0};
let S = null;                  // the replay state
let GIVEN = null;              // a trace from your own board: {count, cols: [bool], queens}
let CODE = META.code;          // the listing shown
let machine = null;            // the line machine of a recursive search (player_lines.js)
let lines = null;              // line stepping: {items, pos} the lines run before the next event

// ---- the trace -------------------------------------------------------------------------
function fresh() {
  return {idx: 0, off: 0, queens: [], cursor: [-1, -1], step: 0, sols: 0, last: null, before: null, pin: null,
          shown: null, levels: new Array(N + 1).fill(0)};
}
function copyState(s) {
  return {idx: s.idx, off: s.off, queens: s.queens.map(q => [q[0], q[1]]),
          cursor: [s.cursor[0], s.cursor[1]], step: s.step, sols: s.sols, last: s.last, before: s.before, pin: null,
          shown: null, levels: s.levels.slice()};
}
function varint(s) {
  let v = 0, shift = 0, b;
  do { b = bytes[s.off++]; v += (b & 0x7f) * Math.pow(2, shift); shift += 7; } while (b & 0x80);
  return v;
}
// The queens attacking (r, c): lines, and the knight's move for the superqueen (the rule
// of nqueens.base.pieces).
function attacks(q, r, c) {
  const dr = Math.abs(r - q[0]), dc = Math.abs(c - q[1]);
  if (dr === 0 && dc === 0) return false;
  return dr === 0 || dc === 0 || dr === dc || (KNIGHT && ((dr === 1 && dc === 2) || (dr === 2 && dc === 1)));
}
function attackers(queens, r, c) { return queens.filter(q => attacks(q, r, c)); }
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
    else if (kind === 2) {
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
  s.before = s.last;   // the event before (the listings without recursion read it)
  s.last = e;
  return e;
}
// One pass over the whole trace: checkpoints, totals, solutions, and the search tree (a
// node for each queen placed, kept while the tree stays small enough to draw).
const TREE_LIMIT = 3000;
let tree = null;   // {nodes: [...], tooBig: bool}
function index() {
  const s = fresh();
  checkpoints = [copyState(s)];
  solutionsAt = [];
  const nodes = [], open = [], skip = GIVEN ? GIVEN.count : 0;
  let tooBig = false;
  while (s.off < bytes.length) {
    const e = apply(s);
    if (e.kind === 4) solutionsAt.push([s.idx, s.step, s.queens.map(q => [q[0], q[1]])]);
    if (META.tree && !tooBig && s.idx > skip) {
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
  tree = META.tree ? {nodes: tooBig ? [] : nodes, tooBig: tooBig} : null;
}
function seek(target) {
  target = Math.max(0, Math.min(target, total.events));
  lines = null;
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
  lines = null;
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
      const test = S.last, trail = [], before = S.queens.map(q => [q[0], q[1]]);
      while (S.idx < total.events && ((bytes[S.off] & 7) === 1 || (bytes[S.off] & 7) === 4)) trail.push(apply(S));
      if (trail.length) S.shown = {test: test, trail: trail, before: before};
    }
  }
}
// A step number typed or given in the address: a whole number, or null.
function parseStep(text) {
  const t = String(text === null || text === undefined ? "" : text).trim().replace(/,/g, "");
  return /^[0-9]+$/.test(t) ? Number(t) : null;
}
function jumpTo(text) {
  pause();
  const k = parseStep(text);
  if (k === null) {
    setStatus("ignored: \"" + String(text).trim() + "\" is not a step number (a whole number from 0 to " +
              fmt(total.steps) + ")");
    return;
  }
  seekStep(k); render();
  if (k > total.steps) setStatus("step " + fmt(k) + " is past the end: showing the last step, " + fmt(total.steps));
  else setStatus("paused");
}

// ---- names: the source's numbering or chess names ---------------------------------------
const NAMING = META.naming || {row: "row", col: "col", base: 1};
let ROWS = "source";
function fileName(c) {
  let f = "", k = c + 1;
  while (k > 0) { const m = (k - 1) % 26; f = String.fromCharCode(97 + m) + f; k = Math.floor((k - 1) / 26); }
  return f;
}
function chessName(r, c) { return fileName(c) + (N - r); }
function rowLabel(r) { return ROWS === "chess" ? String(N - r) : String(r + NAMING.base); }
function colLabel(c) { return ROWS === "chess" ? fileName(c) : String(c + NAMING.base); }
// A square as the page names it: e4, or (sor, oszlop) = (5,5) counted as the source counts.
function name(r, c) { return ROWS === "chess" ? chessName(r, c) : "(" + rowLabel(r) + "," + colLabel(c) + ")"; }
function fromChess(sq) {
  const m = /^([a-z]+)([0-9]+)$/.exec(sq);
  if (!m) return null;
  let c = 0; for (const ch of m[1]) c = c * 26 + (ch.charCodeAt(0) - 96);
  const r = N - Number(m[2]);
  return r >= 0 && r < N && c >= 1 && c <= N ? [r, c - 1] : null;
}
function namingNote() {
  return ROWS === "chess" ?
    "squares by their chess names: files a… from the left, ranks 1…" + N + " from the bottom" :
    "squares as (" + NAMING.row + ", " + NAMING.col + "), counted from " + NAMING.base +
    ": " + NAMING.row + " from the top, " + NAMING.col + " from the left, as the source does";
}
function setRows(v) {
  ROWS = v === "chess" ? "chess" : "source";
  $("rows").options[0].textContent = "as the source: (" + NAMING.row + ", " + NAMING.col + ")";
  $("rows").options[1].textContent = "chess: a1 … " + chessName(0, N - 1);
  $("rows").value = ROWS;
  $("naming").textContent = namingNote();
  $("solution-order").textContent = ROWS === "chess" ? "the squares of the queens" :
    COLUMN ? "the " + NAMING.row + " of the queen in each " + NAMING.col + ", " + NAMING.col + " " +
             NAMING.base + " first" :
             "the " + NAMING.col + " of the queen in each " + NAMING.row + ", " + NAMING.row + " " +
             NAMING.base + " first";
  if (treeView) treeView.relabel();
  if (S) render();
}
// A solution as the page writes it: the source's numbers in scan order, or the squares.
function solutionText(queens) {
  const sorted = queens.slice().sort((a, b) => COLUMN ? a[1] - b[1] : a[0] - b[0]);
  if (ROWS === "chess") return sorted.map(q => chessName(q[0], q[1])).join(" ");
  return sorted.map(q => COLUMN ? rowLabel(q[0]) : colLabel(q[1])).join(" ");
}
// A variable of the code: its value, and in chess names the square line it stands for.
// A variable of the code as the source counts it (its square follows, in chess names).
function varText(nm, v) {
  return typeof v === "boolean" ? nm + "=" + v : nm + "=" + (v + NAMING.base);
}
function describe(e, s) {
  if (!e) return total.events === 0 ? "an empty trace: " + META.method + " finds no solution for n = " + N :
    "the empty board";
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
    case 1: return (GIVEN && s.idx <= GIVEN.count ? "your queen on " : "place a queen on ") + at;
    case 2: return "take back the queen on " + at;
    case 3: return "move a queen to " + at;
    case 4: return "solution " + fmt(e.count) + "!";
    case 5: return fmt(e.count) + (e.count === 1 ? " attacking pair" : " attacking pairs");
    case 6: return "state " + fmt(e.count);
    default: return "done: " + fmt(s.sols) + (s.sols === 1 ? " solution" : " solutions") + " in " +
                    fmt(s.step) + (s.step === 1 ? " step" : " steps");
  }
}

// ---- the board ----------------------------------------------------------------------------
// The shading of attacked squares: one colour a number of attackers, with its legend.
const SHADES = ["#fde3c8", "#f8b98a", "#ef8a55", "#d9532c"];
const shadeOf = (k) => SHADES[Math.min(k, SHADES.length) - 1];
function shadeLegend() {
  const box = $("shade-legend");
  box.hidden = !$("shade").checked;
  if (box.hidden) return;
  box.innerHTML = "queens attacking a square: " + SHADES.map((c, i) => '<span class="swatch" style="background:' + c +
    (i === 3 ? ';color:#fff' : '') + '">' + (i + 1) + (i === 3 ? "+" : "") + "</span>").join(" ") +
    "";
}
function renderBoard(e, queens, before) {
  const parts = ['<defs><path id="q" d="' + META.queenPath + '" fill="' + C.queen +
                 '" stroke="#fff" stroke-width="0.02"/></defs>'];
  parts.push('<rect width="' + N + '" height="' + N + '" fill="' + C.light + '"/>');
  let dark = "";
  for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) if ((r + c) % 2) dark += "M" + c + " " + r + "h1v1h-1z";
  parts.push('<path d="' + dark + '" fill="' + C.dark + '"/>');
  const red = new Set();
  if (e && e.kind === 0 && !e.ok) for (const q of attackers(before, e.r, e.c)) red.add(q[0] * N + q[1]);
  for (let i = 0; i < queens.length; i++) for (let j = i + 1; j < queens.length; j++) {
    const a = queens[i], b = queens[j];
    if (attacks(a, b[0], b[1])) { red.add(a[0] * N + a[1]); red.add(b[0] * N + b[1]); }
  }
  if ($("shade").checked) {   // the squares the queens attack, and how many attack each
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) {
      const k = attackers(queens, r, c).length;
      if (!k || queens.some(q => q[0] === r && q[1] === c)) continue;
      parts.push('<rect class="attacked" x="' + c + '" y="' + r + '" width="1" height="1" fill="' + shadeOf(k) + '"/>');
      parts.push('<text class="count" x="' + (c + 0.5) + '" y="' + (r + 0.62) + '" font-size="0.34" ' +
                 'text-anchor="middle" style="fill:' + (k >= 4 ? "#fff" : "#222") + '">' + k + '</text>');
    }
  }
  for (const v of red) parts.push('<rect class="attacker" x="' + (v % N) + '" y="' + Math.floor(v / N) +
    '" width="1" height="1" fill="' + C.attack + '" fill-opacity="0.6"/>');
  if (e && e.r >= 0 && e.kind === 0) {
    parts.push('<rect class="tried ' + (e.ok ? "free" : "refused") + '" data-row="' + e.r + '" data-col="' + e.c +
      '" data-name="' + name(e.r, e.c) + '" data-state="' + (e.ok ? "free" : "refused") +
      '" x="' + (e.c + 0.05) + '" y="' + (e.r + 0.05) +
      '" width="0.9" height="0.9" fill="none" stroke="' + (e.ok ? C.free : C.refused) + '" stroke-width="0.1"/>');
  }
  const put = S.shown ? S.shown.trail.find(t => t.kind === 1) :
    (S.last && (S.last.kind === 1 || S.last.kind === 3) ? S.last : null);
  const moved = put && !OWN ? put.r * N + put.c : -1;
  // a queen stands in a group moved to its square: the group animates, never the position
  for (const q of queens) parts.push('<g class="queen' + (q[0] * N + q[1] === moved ? " placed" : "") +
    '" transform="translate(' + q[1] + " " + q[0] + ')"><use href="#q"/></g>');
  if (!OWN && !S.shown && S.last && S.last.kind === 2 && !playing)   // taken back: fading out
    parts.push('<g class="removed" transform="translate(' + S.last.c + " " + S.last.r + ')"><use href="#q"/></g>');
  for (let c = 0; c < N; c++)
    parts.push('<text class="file" x="' + (c + 0.5) + '" y="' + (N + 0.5) + '" font-size="0.4" ' +
               'text-anchor="middle">' + colLabel(c) + '</text>');
  for (let r = 0; r < N; r++)
    parts.push('<text class="rank" x="-0.15" y="' + (r + 0.64) + '" font-size="0.4" ' +
               'text-anchor="end">' + rowLabel(r) + '</text>');
  const svg = $("board");
  svg.setAttribute("viewBox", "-0.75 0 " + (N + 0.85) + " " + (N + 0.75));
  svg.innerHTML = parts.join("");
}

// ---- the data the code reads ---------------------------------------------------------------
function cells(label, id, lo, hi, taken, checked, sub) {
  const word = label.replace(/<[^>]*>/g, "").split("[")[0];
  let h = '<div class="strip" id="' + id + '"><span class="strip-label">' + label + "</span>";
  for (let k = lo; k <= hi; k++) {
    const t = taken.has(k), look = checked === k;
    const cls = "cell" + (t ? " taken" : "") + (look ? " checked" : "");
    const extra = sub(k, t, look);
    h += '<span class="' + cls + '" data-index="' + k + '"' + (look ? ' data-state="' + (t ? "taken" : "free") + '"' : "") +
         ' title="' + word + '[' + k + ']: ' + (t ? "false (a queen: " + name(...taken.get(k)) + ")" : "true (free)") +
         '"><span class="ix">' + k + "</span>" + (extra ? "<small>" + extra + "</small>" : "") + '</span>';
  }
  return h + "</div>";
}
function renderData(e, before) {
  const kind = META.data;
  if (!kind || kind === "attackers") return;
  const tried = e && e.kind === 0 ? e : null;
  const queens = before;   // the queens standing when the square was tested
  if (kind === "arrays") {   // 1-based as the source: sor 1..n, oszlop-sor, oszlop+sor
    const sor = new Map(), diff = new Map(), sum = new Map();
    for (const q of queens) { sor.set(q[0] + 1, q); diff.set(q[1] - q[0], q); sum.set(q[1] + q[0] + 2, q); }
    const chess = ROWS === "chess";
    const lookSq = tried ? chessName(tried.r, tried.c) : "";
    $("data").innerHTML =
      cells("<b>sor_szabad</b><span class=\"idx\">[sor]</span><span class=\"range\">: 1…" + N + "</span>", "strip-sor", 1, N, sor, tried ? tried.r + 1 : null,
            (k, t, look) => look && chess ? lookSq : "") +
      cells("<b>kulonbseg</b><span class=\"idx\">[oszlop − sor]</span><span class=\"range\">: " + (1 - N) + "…" + (N - 1) + "</span>", "strip-diff", 1 - N, N - 1, diff,
            tried ? tried.c - tried.r : null, (k, t, look) => look && chess ? lookSq : "") +
      cells("<b>osszeg</b><span class=\"idx\">[oszlop + sor]</span><span class=\"range\">: 2…" + 2 * N + "</span>", "strip-sum", 2, 2 * N, sum,
            tried ? tried.c + tried.r + 2 : null, (k, t, look) => look && chess ? lookSq : "") +
      (tried ? '<div class="note" id="lookup">' + name(tried.r, tried.c) + " looks up sor_szabad[" + (tried.r + 1) +
        "], kulonbseg[" + (tried.c - tried.r) + "], osszeg[" + (tried.c + tried.r + 2) + "]: " +
        (tried.ok ? "all true, free" : "refused") + "</div>" : "");
  } else if (kind === "sets") {   // 0-based as the Uzbek source: cols, r - c, r + c
    const sets = [["cols", q => q[1], t => t.c], ["diag1", q => q[0] - q[1], t => t.r - t.c],
                  ["diag2", q => q[0] + q[1], t => t.r + t.c]];
    $("data").innerHTML = sets.map(([label, key, probe]) => {
      const vals = queens.map(q => [key(q), q]).sort((a, b) => a[0] - b[0]);
      const look = tried ? probe(tried) : null, hit = vals.some(v => v[0] === look);
      return '<div class="setline" id="set-' + label + '">' + label + " = {" + vals.map(([v, q]) =>
        '<span title="the queen on ' + name(q[0], q[1]) + '"' + (v === look ? ' class="hit"' : "") + ">" + v +
        (ROWS === "chess" ? " (" + chessName(q[0], q[1]) + ")" : "") + "</span>").join(", ") + "}" +
        (tried ? "  looked up: " + look + (hit ? " (in it)" : " (not in it)") : "") + "</div>";
    }).join("");
  }
}

// ---- the code, line by line, and the call stack -------------------------------------------
function buildCode() {
  if (!CODE) { $("code-panel").hidden = true; $("stack-panel").hidden = true; $("next-line").disabled = true; return; }
  $("code-panel").hidden = false;
  $("code-title").textContent = CODE.title;
  $("code").innerHTML = CODE.lines.map((t, i) => '<li data-line="' + i + '"><code></code></li>').join("");
  const items = $("code").children;
  for (let i = 0; i < items.length; i++) {
    items[i].firstChild.textContent = CODE.lines[i];
    items[i].title = CODE.glosses[i];
  }
  const roles = CODE.roles;
  machine = LineMachine.make(META.method, N, GIVEN ? "first" : META.until, roles, GIVEN);
  $("stack-panel").hidden = !machine;
  $("next-line").disabled = false;   // without a machine every line is an event's
  eventLines = machine ? null : new EventLines(roles, META.method);
}
let eventLines = null, prevEvent = null;
// The line and frames shown now: the pending line when stepping by line, else the line
// of the last event with the frames after it.
function codeNow() {
  if (lines && lines.pos > 0) { const it = lines.items[lines.pos - 1]; return {line: it.line, frames: it.frames, ret: it.ret}; }
  const last = S.shown ? S.shown.trail[S.shown.trail.length - 1] : S.last;
  if (!last) return {line: -1, frames: machine ? [] : null};
  if (!machine) return {line: eventLines.lineOf(last, S.before), frames: null};
  if (GIVEN && S.idx <= GIVEN.count) return {line: -1, frames: []};
  const st = machine.derive(S), L = machine.m.line;
  const byKind = {0: L.test, 1: L.place, 2: L.remove, 4: GIVEN && GIVEN.cols[N - 1] ? L.given : (L.solution !== undefined ? L.solution : L.base), 7: -1};
  return {line: byKind[last.kind], frames: machine.m.frames(st)};
}
function renderCode() {
  if (!CODE) return;
  const now = codeNow();
  const items = $("code").children;
  for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === now.line);
  const cur = items[now.line];
  if (cur && !playing) {   // the current line in view inside the panel, never the page scrolled
    const box = $("code-panel"), top = cur.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + cur.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }
  $("gloss").textContent = now.line >= 0 ? (CODE.glosses[now.line] || "") : (S.idx === 0 ? "not started" :
    S.last && S.last.kind === 7 ? "the search is over" : "");
  if (!machine) return;
  const frames = now.frames || [];
  $("stack").innerHTML = frames.length ? frames.map((f, i) => '<li class="' + (i === frames.length - 1 ? "top" : "") +
    '"><b>' + f.fn + '</b> ' + f.vars.map(([k, v]) => '<span class="var">' + varText(k, v) + "</span>").join(" ") +
    (f.sq && ROWS === "chess" ? ' <span class="sq">' + name(f.sq[0], f.sq[1]) + "</span>" : "") + (f.note ? ' <span class="note">' + f.note + "</span>" : "") +
    "</li>").join("") : '<li class="note">' + (S.idx === 0 ? "no call yet" : "every call has returned") + "</li>";
  $("stack-title").textContent = "call stack (" + frames.length + (frames.length === 1 ? " call)" : " calls)");
  const box = $("stack-panel");
  box.scrollTop = box.scrollHeight;   // the running call in view, also while playing
}
// One line on: run the code to its next line; at the line of the next event, apply it.
function nextLine() {
  if (!machine) { step(1); return; }
  pause();
  if (S.idx >= total.events) return;
  if (!lines) {
    const peek = copyState(S); peek.off = S.off;
    const e = apply(peek);
    if (GIVEN && S.idx < GIVEN.count) { seek(S.idx + 1); render(); return; }
    const st = machine.derive(S);
    lines = {items: machine.runTo(st, e), pos: 0, idx: S.idx};
    const last = lines.items[lines.items.length - 1];
    if (!last || !last.event || !last.matches) {
      setStatus("the code and the trace disagree before event " + (S.idx + 1));
      lines = null; seek(S.idx + 1); render(); return;
    }
  }
  lines.pos++;
  if (lines.pos >= lines.items.length) { const k = S.idx + 1; lines = null; seek(k); }
  render();
}
function prevLine() {
  if (!machine) { step(-1); return; }
  pause();
  if (lines && lines.pos > 1) { lines.pos--; render(); return; }
  if (lines && lines.pos === 1) { lines = null; render(); return; }
  if (S.idx === 0) return;
  // back to the last line before the event shown
  const k = S.idx;
  seek(k - 1);
  const peek = copyState(S); peek.off = S.off;
  const e = apply(peek);
  if (GIVEN && S.idx < GIVEN.count) { render(); return; }
  const items = machine.runTo(machine.derive(S), e);
  lines = items.length > 1 ? {items: items, pos: items.length - 1, idx: S.idx} : null;
  render();
}

// ---- the search tree ------------------------------------------------------------------------
let treeView = null;
function renderTree() {
  if (!tree) return;
  $("tree-levels").textContent = "nodes per level so far (0 … " + N + " queens): 1, " +
    S.levels.slice(1).map(fmt).join(", ") + (tree.tooBig ? "  (the tree has over " + fmt(TREE_LIMIT) +
    " nodes: its levels are counted, not drawn)" : "");
  if (tree.tooBig) { $("tree-view").hidden = true; return; }
  if (!treeView) {
    treeView = new TreeView($("tree-view"), {n: N, name: (r, c) => name(r, c),
      jump: (k) => { pause(); seek(k); render(); setStatus("paused"); }});
    treeView.setNodes(tree.nodes);
  }
  treeView.update(S.idx);
}

// ---- the tour -----------------------------------------------------------------------------
const TOUR = META.tour || [];
let tourAt = -1;   // the stop shown, -1: the tour is off
function words(text) {
  return text.replace(/\{([a-z]+[0-9]+)\}/g, (m, sq) => { const p = fromChess(sq); return p ? name(p[0], p[1]) : sq; });
}
function tourGo(i) {
  if (!TOUR.length) return;
  pause();
  tourAt = Math.max(0, Math.min(i, TOUR.length - 1));
  seekStep(TOUR[tourAt].step); render(); setStatus("tour: stop " + (tourAt + 1) + " of " + TOUR.length);
}
function tourOff() { tourAt = -1; render(); }
function renderTour() {
  const box = $("tour-text");
  $("tour").setAttribute("aria-pressed", tourAt >= 0 ? "true" : "false");
  $("tour-at").textContent = tourAt >= 0 ? "stop " + (tourAt + 1) + " of " + TOUR.length + ": step " + fmt(TOUR[tourAt].step) :
    TOUR.length + " stops";
  $("tour-prev").disabled = tourAt <= 0;
  $("tour-next").disabled = tourAt >= TOUR.length - 1;
  const stop = tourAt >= 0 ? TOUR[tourAt] : null;
  if (!stop || S.step !== stop.step) { box.hidden = true; return; }
  box.hidden = false;
  box.innerHTML = "<b></b><span></span>";
  box.firstChild.textContent = "Step " + fmt(stop.step) + ": " + stop.title;
  box.lastChild.textContent = words(stop.text);
}

// ---- drawing it all -----------------------------------------------------------------------
function render() {
  const own = OWN !== null;
  const queens = own ? OWN.queens : S.queens;
  const e = own ? null : (S.shown ? S.shown.test : S.last);
  const before = own ? queens : (S.shown ? S.shown.before : S.queens);
  renderBoard(e, queens, before);
  if (own) { $("event-text").textContent = "your own board"; return; }
  renderCode();
  renderData(e, before);
  renderTree();
  renderTour();
  shadeLegend();
  $("timeline").value = S.idx;
  $("timeline").setAttribute("value", S.idx);   // for a saved page, as the speed slider
  $("step-counter").textContent = fmt(S.pin !== null ? S.pin : S.step);
  $("event-counter").textContent = fmt(S.idx) + " / " + fmt(total.events);
  $("depth").textContent = fmt(S.queens.length);
  $("solutions-count").textContent = fmt(S.sols);
  $("event-text").textContent = lines && lines.pos > 0 ? "running the code towards: " +
    describe(peekNext(), S) : S.shown ?
    [describe(S.shown.test, S)].concat(S.shown.trail.map(t => describe(t, S))).join("; ") : describe(e, S);
  renderSolutions();
  let board = "";
  const cols = new Array(N).fill(-1);
  for (const q of S.queens) cols[q[0]] = q[1];
  for (let r = 0; r < N; r++) { let line = ""; for (let c = 0; c < N; c++) line += cols[r] === c ? "Q" : "."; board += line + "\n"; }
  $("final-board").textContent = board;
  report();
}
function peekNext() { const p = copyState(S); p.off = S.off; return S.idx < total.events ? apply(p) : null; }
let shownSolutions = "";
function renderSolutions() {
  let lo = 0, hi = solutionsAt.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (solutionsAt[mid][0] <= S.idx) lo = mid + 1; else hi = mid; }
  const key = lo + ROWS;
  if (key === shownSolutions) return;
  shownSolutions = key;
  const shown = solutionsAt.slice(Math.max(0, lo - 200), lo).reverse();
  $("solutions").innerHTML = shown.map((x, i) => '<a href="#" class="sol" data-event="' + x[0] + '">#' +
    fmt(lo - i) + " at step " + fmt(x[1]) + ": " + solutionText(x[2]) + "</a>").join("");
}

// ---- playing ------------------------------------------------------------------------------
let playing = false, timer = null, speed = META.speed || 20, lastTick = 0, carry = 0;
const AUTO_SECONDS = 120;   // at the default speed, a trace longer than this plays faster
function speedFromSlider() { return Math.round(Math.pow(10, Number($("speed").value) / 10)); }
function showSpeed() {
  const unit = $("by-line").checked && machine ? " lines/s" : " events/s";
  $("speed-text").textContent = speed >= 1e6 ? "max" : fmt(speed) + unit;
  $("speed").setAttribute("value", $("speed").value);   // the slider's position, for a saved page
}
function setStatus(t) { $("status").textContent = t; report(); }
function tourStopHere() {
  return tourAt >= 0 && S.last && S.last.kind === 0 && TOUR.some(x => x.step === S.step);
}
function tick() {
  const now = performance.now();
  const dt = (now - lastTick) / 1000; lastTick = now;
  carry += speed * dt;
  let k = Math.floor(carry); carry -= k;
  if (speed >= 1e6) k = 1000000;
  if ($("by-line").checked && machine) {
    k = Math.min(k, 2000);
    while (k-- > 0 && S.idx < total.events) { nextLineQuiet(); if (!lines && tourStopHere()) break; }
    playing = true;
  } else {
    while (k-- > 0 && S.idx < total.events) { apply(S); lines = null; if (tourStopHere()) break; }
  }
  if (tourStopHere()) {
    tourAt = TOUR.findIndex(x => x.step === S.step);
    seekStep(S.step); pause(); render(); setStatus("tour: stop " + (tourAt + 1) + " of " + TOUR.length);
    return;
  }
  render();
  if (S.idx >= total.events) { pause(); setStatus("done"); return; }
  timer = setTimeout(tick, speed >= 1e6 ? 0 : 16);
}
function nextLineQuiet() {
  if (!lines) {
    const peek = copyState(S); peek.off = S.off;
    const e = apply(peek);
    if (GIVEN && S.idx < GIVEN.count) { apply(S); return; }
    lines = {items: machine.runTo(machine.derive(S), e), pos: 0, idx: S.idx};
  }
  lines.pos++;
  if (lines.pos >= lines.items.length) { lines = null; apply(S); }
}
function play() {
  if (OWN) ownToggle(false);
  if (S.idx >= total.events) seek(0);
  playing = true; $("play").textContent = "pause"; setStatus("playing");
  lastTick = performance.now(); carry = 1; tick();
}
function pause() {
  const was = playing;
  playing = false; if (timer) clearTimeout(timer); timer = null; $("play").textContent = "play";
  if (was && S.idx < total.events) setStatus("paused");
}
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
              fmt(solutionsAt.length) + ")");
    return;
  }
  pause(); seek(solutionsAt[k - 1][0]); render(); setStatus("paused");
}
function toEnd() { pause(); seek(total.events); render(); setStatus("done"); }
function toStart() { pause(); seek(0); render(); setStatus("paused"); }
function setSpeed(v) {
  speed = Math.max(1, Math.min(1e6, v));
  $("speed").value = Math.max(0, Math.min(60, Math.round(10 * Math.log10(speed)))); showSpeed();
}
function present(on) {
  document.documentElement.classList.toggle("present", on);
  $("present").setAttribute("aria-pressed", on ? "true" : "false");
  if (S) render();   // the current line and the running call in view in the new layout
}

// ---- your own board -------------------------------------------------------------------------
let OWN = null;   // null: the trace is shown; else {queens: [[r, c], ...]}
const OWN_MAX_N = 14;   // completions are counted, and proba traced, in the page up to this n
function ownToggle(on) {
  if (on && GIVEN) backToTrace();
  OWN = on ? {queens: OWN ? OWN.queens : []} : null;
  if (on) pause();
  $("own-mode").setAttribute("aria-pressed", on ? "true" : "false");
  document.documentElement.classList.toggle("own", !!on);
  $("own-mode").textContent = on ? "the trace" : "own board";
  $("own-controls").hidden = !on;
  const can = on && N <= OWN_MAX_N;
  for (const id of ["own-count", "own-complete", "own-trace"]) $(id).disabled = !can;
  $("own-trace").hidden = !META.codeGiven;
  $("own-clear").disabled = !on;
  $("own-result").textContent = on ? (N > OWN_MAX_N ? "click squares to place or remove queens " +
    "(completions are counted up to n = " + OWN_MAX_N + ")" : "click squares to place or remove queens") : "";
  render();
}
function ownClick(r, c) {
  if (!OWN) return;
  const i = OWN.queens.findIndex(q => q[0] === r && q[1] === c);
  if (i >= 0) OWN.queens.splice(i, 1); else OWN.queens.push([r, c]);
  $("own-result").textContent = OWN.queens.length + (OWN.queens.length === 1 ? " queen" : " queens") +
    " placed: " + ownNames();
  render();
}
function ownNames() { return OWN.queens.slice().sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(q => name(q[0], q[1])).join(", "); }
// the --fixed argument of the command line: chess names, always
function ownFixed() { return OWN.queens.map(q => chessName(q[0], q[1])).sort().join(","); }
// The solutions holding the given queens (a queen in each row), by bit sets: all of them
// counted, or the first one found. The piece's own attack: the superqueen adds the knight.
function completions(fixed, first) {
  const want = new Array(N).fill(-1);
  for (const [r, c] of fixed) { if (want[r] >= 0 && want[r] !== c) return first ? null : 0; want[r] = c; }
  for (let i = 0; i < fixed.length; i++) for (let j = i + 1; j < fixed.length; j++)
    if (attacks(fixed[i], fixed[j][0], fixed[j][1])) return first ? null : 0;
  const full = (1 << N) - 1, board = new Array(N).fill(-1);
  let count = 0, found = null;
  (function go(r, cols, d1, d2) {
    if (found) return;
    if (r === N) { count++; if (first) found = board.slice(); return; }
    let free = full & ~(cols | d1 | d2);
    if (KNIGHT) {   // the knight's moves from the two rows above
      if (r >= 1) { const c = board[r - 1]; free &= ~(((1 << (c + 2)) | (1 << c >> 2)) & full); }
      if (r >= 2) { const c = board[r - 2]; free &= ~(((1 << (c + 1)) | (1 << c >> 1)) & full); }
    }
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
  $("own-result").textContent = fmt(k) + (k === 1 ? " way" : " ways") + " to complete this board" +
    (OWN.queens.length ? " (nqueens count " + N + (KNIGHT ? " --piece superqueen" : "") + " --fixed " +
     ownFixed() + ")" : "");
}
function ownComplete() {
  const b = completions(OWN.queens, true);
  if (!b) { $("own-result").textContent = "no completion: no solution holds these queens"; return; }
  OWN.queens = b.map((c, r) => [r, c]);
  $("own-result").textContent = "one completion: " + solutionText(OWN.queens);
  render();
}
// "trace from here": proba run in the page from your queens (their columns are skipped),
// to its first solution; the trace it makes is played with the same panels.
const OWN_TRACE_LIMIT = 5000000;
let ORIGINAL = null;
function ownTrace() {
  const qs = OWN.queens.slice().sort((a, b) => a[1] - b[1]);
  const cols = new Array(N).fill(false);
  for (const q of qs) {
    if (cols[q[1]]) { $("own-result").textContent = "two queens in one column: proba puts one in each"; return; }
    cols[q[1]] = true;
  }
  for (let i = 0; i < qs.length; i++) for (let j = i + 1; j < qs.length; j++)
    if (attacks(qs[i], qs[j][0], qs[j][1])) { $("own-result").textContent = "these queens attack each other: " +
      "no search can start from them"; return; }
  const given = {count: qs.length, cols: cols, queens: qs};
  const events = qs.map(q => ({kind: EV.PLACE, r: q[0], c: q[1]}));
  const m = new ProbaMachine(N, "first", META.codeGiven.roles, given);
  const st = {frames: [], started: false, finished: false, ret: false};
  const standing = qs.map(q => [q[0], q[1]]);
  while (!st.finished) {
    const f = st.frames[st.frames.length - 1];
    const ok = f && f.pc === "test" ? attackers(standing, f.sor, f.oszlop).length === 0 : false;
    const r = m.step(st, ok);
    if (!r.event) continue;
    const e = {kind: r.event.kind, r: r.event.r, c: r.event.c, ok: ok};
    events.push(e);
    if (e.kind === EV.PLACE) standing.push([e.r, e.c]);
    else if (e.kind === EV.REMOVE) standing.splice(standing.findIndex(q => q[0] === e.r && q[1] === e.c), 1);
    if (events.length > OWN_TRACE_LIMIT) { $("own-result").textContent = "stopped: the search from here takes " +
      "more than " + fmt(OWN_TRACE_LIMIT) + " events"; return; }
  }
  if (!ORIGINAL) ORIGINAL = {bytes: bytes, code: CODE};
  OWN = null;
  $("own-mode").setAttribute("aria-pressed", "false"); $("own-mode").textContent = "own board";
  document.documentElement.classList.remove("own");
  $("own-controls").hidden = true;
  GIVEN = given;
  CODE = META.codeGiven;
  startTrace(encode(events));
  seek(given.count); render();   // your queens standing, the search about to start
  $("own-result").textContent = "";
  $("from-board-text").textContent = "proba from your " + (qs.length === 1 ? "queen" : "queens") +
    " " + qs.map(q => name(q[0], q[1])).join(", ") + ": " + fmt(total.steps) + " steps, " +
    (solutionsAt.length ? "a solution" : "no solution") + " ";
  $("from-board").hidden = false;
  setStatus("ready");
}
function backToTrace() {
  if (!ORIGINAL) return;
  GIVEN = null; CODE = ORIGINAL.code;
  startTrace(ORIGINAL.bytes);
  ORIGINAL = null;
  $("from-board").hidden = true;
  setStatus("ready");
}
// The compact bytes of an event list (the encoding of nqueens.tasks.viz.html.encode_events, for
// the kinds a search makes: tests, placements, backtracks, solutions, the end).
function encode(events) {
  const out = [];
  let cursor = [-1, -1];
  const stack = [];
  const push = (v) => { do { let b = v & 0x7f; v = Math.floor(v / 128); out.push(v ? b | 0x80 : b); } while (v); };
  for (const e of events) {
    if (e.kind <= 2) {
      const nxt = COLUMN ? [cursor[0] + 1, cursor[1]] : [cursor[0], cursor[1] + 1];
      const line = COLUMN ? [0, cursor[1] + 1] : [cursor[0] + 1, 0];
      const same = (a) => a[0] === e.r && a[1] === e.c;
      let where;
      if (e.kind === 2) where = stack.length && same(stack[stack.length - 1]) ? 0 : 3;
      else where = same(cursor) ? 0 : same(nxt) ? 1 : same(line) ? 2 : 3;
      out.push(e.kind | (e.kind === 0 && e.ok ? 8 : 0) | (where << 4));
      if (where === 3) push(e.r * N + e.c);
      if (e.kind === 1) stack.push([e.r, e.c]);
      else if (e.kind === 2) { const i = stack.findIndex(same); if (i >= 0) stack.splice(i, 1); }
      cursor = [e.r, e.c];
    } else out.push(e.kind);
  }
  return new Uint8Array(out);
}
// (Re)start the player on a trace's bytes.
function startTrace(data) {
  pause();
  bytes = data; lines = null; shownSolutions = "";
  index();
  buildCode();
  if (treeView) { treeView.setNodes(tree ? tree.nodes : []); }
  $("step-total").textContent = fmt(total.steps);
  $("timeline").max = total.events;
  $("timeline").setAttribute("max", total.events);
  S = fresh();
  render();
}

// ---- input --------------------------------------------------------------------------------
function wire() {
  $("play").onclick = () => playing ? pause() : play();
  $("back").onclick = () => step(-1);
  $("fwd").onclick = () => step(1);
  $("next-line").onclick = () => nextLine();
  $("restart").onclick = () => toStart();
  $("end").onclick = () => toEnd();
  $("speed").oninput = () => { speed = speedFromSlider(); showSpeed(); };
  $("by-line").onchange = () => showSpeed();
  $("jump").onclick = () => jumpTo($("jump-step").value);
  $("prev-sol").onclick = () => toSolution(-1);
  $("next-sol").onclick = () => toSolution(1);
  $("timeline").oninput = () => { pause(); seek(Number($("timeline").value)); render(); };
  $("shade").onchange = () => render();
  $("rows").onchange = () => setRows($("rows").value);
  $("present").onclick = () => present(!document.documentElement.classList.contains("present"));
  $("tour").onclick = () => tourAt >= 0 ? tourOff() : tourGo(0);
  $("tour-prev").onclick = () => tourGo(tourAt - 1);
  $("tour-next").onclick = () => tourGo(tourAt + 1);
  $("own-mode").onclick = () => ownToggle(!OWN);
  $("own-count").onclick = () => ownCount();
  $("own-complete").onclick = () => ownComplete();
  $("own-trace").onclick = () => ownTrace();
  $("back-to-trace").onclick = () => backToTrace();
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
    const tag = ev.target && ev.target.tagName;
    if ((tag === "INPUT" && ev.target.type !== "range" && ev.target.type !== "checkbox") || tag === "SELECT" ||
        tag === "TEXTAREA") {
      if (ev.key === "Enter" && ev.target === $("jump-step")) $("jump").onclick();
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (key(ev.key, ev.shiftKey)) ev.preventDefault();   // no scrolling by the page's keys
  });
}
// A key of the page; true when it was one.
function key(k, shift) {
  if (k === " ") playing ? pause() : play();
  else if (k === "ArrowRight" || k === "n") step(1);
  else if (k === "ArrowLeft") step(-1);
  else if (k === "l") nextLine();
  else if (k === "L" || (k === "l" && shift)) prevLine();
  else if (k === "a") { $("shade").checked = !$("shade").checked; render(); }
  else if (k === "o") ownToggle(!OWN);
  else if (k === "p") present(!document.documentElement.classList.contains("present"));
  else if (k === "t" && TOUR.length) (tourAt >= 0 ? tourOff() : tourGo(0));
  else if (k === "]") toSolution(1);
  else if (k === "[") toSolution(-1);
  else if (k === "Home") toStart();
  else if (k === "End") toEnd();
  else if (k === "+") { $("speed").value = Number($("speed").value) + 3; $("speed").oninput(); }
  else if (k === "-") { $("speed").value = Number($("speed").value) - 3; $("speed").oninput(); }
  else if (k === "ArrowDown") nextLine();   // ↓ ↑: the next and the previous line of the code
  else if (k === "ArrowUp") prevLine();
  else return false;
  return true;
}
// A page that holds two players side by side drives both with messages:
// {nqueens: 1, cmd, value}, cmd one of play, pause, step (value +1/-1), restart, end, jump
// (a step), speed (events a second), solution (+1/-1), rows (source|chess), key (a key's
// name), hello; each player answers with its state:
// {nqueens: 1, state: {step, steps, event, events, status, solutions, playing, rows}},
// after every change and at most ten times a second while playing.
let lastReport = 0, reportTimer = null;
function report() {
  if (window.parent === window || !S || !bytes) return;
  const now = performance.now();
  if (playing && now - lastReport < 100) {
    if (!reportTimer) reportTimer = setTimeout(() => { reportTimer = null; report(); }, 100);
    return;
  }
  lastReport = now;
  window.parent.postMessage({nqueens: 1, state: {step: S.pin !== null ? S.pin : S.step,
    steps: total.steps, event: S.idx, events: total.events, status: $("status").textContent,
    solutions: S.sols, playing: playing, rows: ROWS}}, "*");
}
window.addEventListener("message", (ev) => {
  const m = ev.data;
  if (!m || m.nqueens !== 1 || !m.cmd || !bytes) return;
  if (m.cmd === "play") { if (!playing) play(); }
  else if (m.cmd === "pause") pause();
  else if (m.cmd === "step") step(Number(m.value) || 1);
  else if (m.cmd === "restart") toStart();
  else if (m.cmd === "end") toEnd();
  else if (m.cmd === "jump") jumpTo(String(m.value));
  else if (m.cmd === "event") { const k = parseStep(m.value); if (k !== null) { pause(); seek(k); render(); setStatus("paused"); } }
  else if (m.cmd === "speed") setSpeed(Number(m.value) || 20);
  else if (m.cmd === "solution") toSolution(Number(m.value) < 0 ? -1 : 1);
  else if (m.cmd === "rows") setRows(String(m.value));
  else if (m.cmd === "key") key(String(m.value), false);
  lastReport = 0;
  report();
});
// What the tests read: the state, and the same moves the keys make.
window.nqPlayer = {
  state: () => ({idx: S.idx, step: S.step, events: total.events, steps: total.steps, rows: ROWS,
                 linePos: lines ? lines.pos : 0, queens: S.queens.map(q => q.slice())}),
  seek: (k) => { pause(); seek(k); render(); }, seekStep: (k) => { pause(); seekStep(k); render(); },
  nextLine: () => nextLine(), prevLine: () => prevLine(), setRows: (v) => setRows(v),
  code: () => codeNow(),
  // The line machine held against the whole trace: from the state rebuilt after each event,
  // it must run to the next event, and end in the state rebuilt after that one.
  checkLines: () => {
    if (!machine) return null;
    const s = fresh(), key = (st) => JSON.stringify(st.frames.map(f => [f.pc, f.oszlop, f.sor, f.siker, f.row, f.col, !!f.given]))
      + st.started + st.finished + (st.frames.length ? "" : st.ret);
    let lines = 0, bad = -1, drift = -1;
    while (s.idx < total.events) {
      const peek = copyState(s); peek.off = s.off;
      const e = apply(peek);
      if (!(GIVEN && s.idx < GIVEN.count)) {
        const st = machine.derive(s), items = machine.runTo(st, e), last = items[items.length - 1];
        lines += items.length;
        if (bad < 0 && !(last && last.matches)) bad = s.idx;
        if (drift < 0 && e.kind !== 7 && key(st) !== key(machine.derive(peek))) drift = s.idx;
      }
      apply(s);
    }
    return {lines: lines, events: total.events, firstMismatch: bad, firstDrift: drift};
  },
};
async function load() {
  if (window.parent !== window) document.documentElement.classList.add("framed");
  const text = document.getElementById("trace-data").textContent.trim();
  const raw = Uint8Array.from(atob(text), ch => ch.charCodeAt(0));
  if (typeof DecompressionStream === "undefined") { setStatus("this browser cannot inflate the trace"); return; }
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate"));
  bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  index();
  $("step-total").textContent = fmt(total.steps);
  // "step (squares tested)": the unit, left out in presentation mode
  const unit = /^(.*?)( \(.*\))$/.exec(META.stepLabel || "step");
  $("step-label").innerHTML = unit ? unit[1] + '<span class="unit">' + unit[2] + "</span>" : "step";
  const depth = /^(.*?)( \(.*\))$/.exec(META.depthLabel || "queens on the board");
  if (depth) $("depth-label").innerHTML = depth[1] + '<span class="unit">' + depth[2] + "</span>";
  else $("depth-label").textContent = META.depthLabel || "queens on the board";
  buildCode();
  if (tree) $("tree-panel").hidden = false;
  if (META.data && META.data !== "attackers") { $("data-panel").hidden = false;
    $("data-title").textContent = META.data === "arrays" ?
      "the three arrays (false, dark: a queen on that line)" :
      "the three sets of used lines"; }
  $("sources").innerHTML = (META.sources || []).map(() => "<li></li>").join("");
  (META.sources || []).forEach((t, i) => { $("sources").children[i].textContent = t; });
  if (TOUR.length) $("tour-box").hidden = false;
  // the repairs start with every square's attackers written on the board (their data)
  if (params.get("shade") || META.data === "attackers") $("shade").checked = params.get("shade") !== "0";
  $("timeline").max = total.events;
  $("timeline").setAttribute("max", total.events);
  S = fresh();
  const asked = params.get("speed");
  if (META.autoSpeed && total.events / speed > AUTO_SECONDS)
    speed = Math.ceil(total.events / AUTO_SECONDS);   // a huge trace plays in minutes, not days
  if (asked === "max") speed = 1e6;
  else if (asked !== null && Number.isFinite(Number(asked)) && Number(asked) > 0) speed = Math.max(1, Number(asked));
  setSpeed(speed);
  const rows = params.get("rows");
  window.addEventListener("resize", () => { if (S && !playing) render(); });
  wire(); setRows(rows === "chess" || rows === "source" ? rows : (NAMING.default || "source")); render(); setStatus("ready");
  if (params.get("present") === "1") present(true);
  if (params.has("step")) jumpTo(params.get("step"));
  if (params.has("event")) { const k = parseStep(params.get("event"));
    if (k !== null) { seek(k); render(); setStatus("paused"); } }
  if (params.has("solution")) toSolutionNumber(params.get("solution"));
  if (TOUR.length && (META.tourStart || params.get("tour") === "1")) tourGo(0);
  if (params.has("own")) {   // ?own=a8,d7: your own board with these queens
    ownToggle(true);
    for (const sq of params.get("own").split(",").filter(Boolean)) {
      const p = fromChess(sq.trim());
      if (p) ownClick(p[0], p[1]);
    }
    if (params.get("ownAction") === "count") ownCount();
    if (params.get("ownAction") === "complete") ownComplete();
    if (params.get("ownAction") === "trace" && META.codeGiven) ownTrace();
  }
  if (params.get("autoplay")) play();
}
load().catch(err => setStatus("error: " + err));
