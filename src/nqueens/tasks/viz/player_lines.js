// Every line the code runs, and its call stack, derived exactly from the trace's events.
//
// The recursive searches (proba, arrays, sets) run deterministically between two events:
// which lines run, in which order, and with which frames on the stack follows from the
// board and the event. A machine here runs the listing line by line, as the program
// would, and stops at each line that makes an event (a square tested, a queen placed, a
// solution, a queen taken back, the end); the event it stops at must be the trace's next
// one, and the page checks that it is. Its state after any event is rebuilt from the
// board alone (derive), so that the page can jump anywhere and step on by line.
//
//   const m = makeMachine(META.method, N, META.until, META.code.roles, given);
//   let st = m.derive(state);             // state: {idx, queens, last}, as the player keeps it
//   const steps = m.runTo(st, event);     // [{line, frames, event}]: the lines up to that event
//
// A frame: {fn, vars: [[name, value], ...], sq: [r, c] or null, note}. Lines are the
// listing's 0-based indices; roles name them (code.py gives each line its role).
"use strict";
const EV = {TEST: 0, PLACE: 1, REMOVE: 2, MOVE: 3, SOLUTION: 4, CONFLICTS: 5, STATE: 6, DONE: 7};

function rowsAndColumns(queens, n) {
  const rowOf = new Array(n).fill(-1), colOf = new Array(n).fill(-1);
  for (const q of queens) { rowOf[q[1]] = q[0]; colOf[q[0]] = q[1]; }
  return {rowOf, colOf};
}

// proba (and arrays, the same search over the three arrays), column by column; `given`:
// the columns whose queen the user placed (the page's "trace from here"), else null.
class ProbaMachine {
  constructor(n, until, roles, given) {
    this.n = n; this.until = until; this.given = given; this.line = {};
    roles.forEach((r, i) => { if (r) this.line[r] = i; });
  }
  frame(col, sor, siker, pc) { return {oszlop: col, sor: sor, siker: siker, pc: pc}; }
  isGiven(col) { return !!(this.given && this.given.cols[col]); }
  below(top, rowOf) {
    const frames = [];
    for (let j = 0; j < top; j++)
      frames.push(this.isGiven(j) ? {oszlop: j, given: true, pc: "givenRet"} :
                  this.frame(j, rowOf[j], false, "ret"));
    return frames;
  }
  derive(s) {
    const n = this.n, e = s.last;
    if (!e || s.idx === 0 || (this.given && s.idx <= this.given.count))
      return {frames: [], started: false, finished: false, ret: false};
    if (e.kind === EV.DONE) return {frames: [], started: true, finished: true, ret: false};
    const {rowOf} = rowsAndColumns(s.queens, n);
    const st = {frames: [], started: true, finished: false, ret: false};
    if (e.kind === EV.SOLUTION) {
      if (this.isGiven(n - 1)) { st.frames = this.below(n - 1, rowOf); st.ret = true; }
      else st.frames = this.below(n - 1, rowOf).concat(
        [this.frame(n - 1, rowOf[n - 1], this.until === "first", "remove")]);
      return st;
    }
    const pc = e.kind === EV.TEST ? (e.ok ? "place" : "next") : e.kind === EV.PLACE ? "call" : "next";
    st.frames = this.below(e.c, rowOf).concat([this.frame(e.c, e.r, false, pc)]);
    return st;
  }
  // one line: returns {line, event: {kind, r, c} | null}
  step(st, ok) {
    const n = this.n, L = this.line, f = st.frames[st.frames.length - 1];
    if (!f) {
      if (!st.started) { st.started = true; st.frames.push({oszlop: 0, pc: "entry"}); return this.step(st, ok); }
      st.finished = true;
      return {line: -1, event: {kind: EV.DONE, r: -1, c: -1}};
    }
    const pop = (v) => { st.frames.pop(); st.ret = v; };
    switch (f.pc) {
      case "entry": f.pc = this.given ? "given" : "init"; return {line: L.entry, event: null};
      case "given":
        if (!this.isGiven(f.oszlop)) { f.pc = "init"; return {line: L.given, event: null}; }
        f.given = true;
        if (f.oszlop < n - 1) { f.pc = "givenRet"; st.frames.push({oszlop: f.oszlop + 1, pc: "entry"});
          return {line: L.given, event: null}; }
        pop(true);
        return {line: L.given, event: {kind: EV.SOLUTION, r: -1, c: -1}};
      case "givenRet": { const v = st.ret; pop(v); return {line: L.given, event: null}; }
      case "init": f.siker = false; f.sor = 0; f.pc = "do"; return {line: L.init, event: null};
      case "do": f.pc = "test"; return {line: L.do, event: null};
      case "test": f.pc = ok ? "place" : "next";
        return {line: L.test, event: {kind: EV.TEST, r: f.sor, c: f.oszlop}};
      case "place": f.pc = "call"; return {line: L.place, event: {kind: EV.PLACE, r: f.sor, c: f.oszlop}};
      case "call":
        if (f.oszlop < n - 1) { f.pc = "ret"; st.frames.push({oszlop: f.oszlop + 1, pc: "entry"}); }
        else f.pc = "solution";
        return {line: L.call, event: null};
      case "ret": f.siker = st.ret; f.pc = "remove"; return {line: L.call, event: null};
      case "solution": f.siker = this.until === "first"; f.pc = "remove";
        return {line: L.solution, event: {kind: EV.SOLUTION, r: -1, c: -1}};
      case "remove": f.pc = "next";
        return {line: L.remove, event: f.siker ? null : {kind: EV.REMOVE, r: f.sor, c: f.oszlop}};
      case "next": f.sor++; f.pc = "while"; return {line: L.next, event: null};
      case "while": f.pc = (!f.siker && f.sor < n) ? "test" : "return"; return {line: L.while, event: null};
      case "return": { const v = f.siker; pop(v); return {line: L.return, event: null}; }
    }
    throw new Error("proba: no line " + f.pc);
  }
  frames(st) {
    return st.frames.map(f => f.given ?
      {fn: "proba(" + (f.oszlop + 1) + ")", vars: [["oszlop", f.oszlop]], sq: null,
       note: "your queen stands in this column"} :
      {fn: "proba(" + (f.oszlop + 1) + ")",
       vars: [["oszlop", f.oszlop]].concat(f.sor === undefined ? [] :
             [["sor", f.sor], ["siker", f.siker]]),
       sq: f.sor === undefined || f.sor >= this.n ? null : [f.sor, f.oszlop], note: ""});
  }
}

// sets: BACKTRACK(row) of the Uzbek source, row by row.
class SetsMachine {
  constructor(n, until, roles) {
    this.n = n; this.until = until; this.line = {};
    roles.forEach((r, i) => { if (r) this.line[r] = i; });
  }
  derive(s) {
    const n = this.n, e = s.last;
    if (!e || s.idx === 0) return {frames: [], started: false, finished: false, ret: false};
    if (e.kind === EV.DONE) return {frames: [], started: true, finished: true, ret: false};
    const {colOf} = rowsAndColumns(s.queens, n);
    const below = (top) => { const out = [];
      for (let j = 0; j < top; j++) out.push({row: j, col: colOf[j], pc: "ret"}); return out; };
    if (e.kind === EV.SOLUTION)
      return {frames: below(n), started: true, finished: false, ret: this.until === "first"};
    const pc = e.kind === EV.TEST ? (e.ok ? "place" : "for") : e.kind === EV.PLACE ? "call" : "for";
    return {frames: below(e.r).concat([{row: e.r, col: e.c, pc: pc}]), started: true,
            finished: false, ret: false};
  }
  step(st, ok) {
    const n = this.n, L = this.line, f = st.frames[st.frames.length - 1];
    if (!f) {
      if (!st.started) { st.started = true; st.frames.push({row: 0, col: -1, pc: "entry"}); return this.step(st, ok); }
      st.finished = true;
      return {line: -1, event: {kind: EV.DONE, r: -1, c: -1}};
    }
    const pop = (v) => { st.frames.pop(); st.ret = v; };
    switch (f.pc) {
      case "entry": f.pc = "base"; return {line: L.entry, event: null};
      case "base":
        if (f.row === n) { pop(this.until === "first");
          return {line: L.base, event: {kind: EV.SOLUTION, r: -1, c: -1}}; }
        f.pc = "for"; f.col = -1; return {line: L.base, event: null};
      case "for": f.col++; f.pc = f.col < n ? "test" : "return"; return {line: L.for, event: null};
      case "test": f.pc = ok ? "place" : "for";
        return {line: L.test, event: {kind: EV.TEST, r: f.row, c: f.col}};
      case "place": f.pc = "call"; return {line: L.place, event: {kind: EV.PLACE, r: f.row, c: f.col}};
      case "call": f.pc = "ret"; st.frames.push({row: f.row + 1, col: -1, pc: "entry"});
        return {line: L.call, event: null};
      case "ret":
        if (st.ret && this.until === "first") { pop(true); return {line: L.call, event: null}; }
        f.pc = "remove"; return {line: L.call, event: null};
      case "remove": f.pc = "for"; return {line: L.remove, event: {kind: EV.REMOVE, r: f.row, c: f.col}};
      case "return": pop(false); return {line: L.return, event: null};
    }
    throw new Error("sets: no line " + f.pc);
  }
  frames(st) {
    return st.frames.map(f => ({fn: "BACKTRACK(" + f.row + ")",
      vars: [["row", f.row]].concat(f.col >= 0 && f.col < this.n ? [["col", f.col]] : []),
      sq: f.row < this.n && f.col >= 0 && f.col < this.n ? [f.row, f.col] : null, note: ""}));
  }
}

// The methods without recursion light the line of each event's kind; for rows a queen
// taken back is either the kept extension taken back or the board switched to the next.
class EventLines {
  constructor(roles, method) {
    this.line = {}; this.method = method;
    roles.forEach((r, i) => { if (r) this.line[r] = i; });
  }
  lineOf(e, prev) {
    const L = this.line, kinds = ["test", "place", "remove", "move", "solution", "conflicts", "state", "done"];
    let role = kinds[e.kind];
    if (this.method === "rows" && (e.kind === EV.REMOVE || e.kind === EV.PLACE)) {
      const after = prev && (prev.kind === EV.STATE || prev.kind === EV.SOLUTION);
      const kept = prev && prev.kind === EV.TEST && prev.ok && e.kind === EV.PLACE;
      role = e.kind === EV.PLACE ? (kept ? "place" : "switch") : (after ? "remove" : "switch");
    }
    return L[role] === undefined ? -1 : L[role];
  }
}

class LineMachine {
  // the machine of a method with a listing, or null
  static make(method, n, until, roles, given) {
    if (method === "proba" || method === "arrays") return new LineMachine(new ProbaMachine(n, until, roles, given));
    if (method === "sets") return new LineMachine(new SetsMachine(n, until, roles));
    return null;
  }
  constructor(inner) { this.m = inner; }
  derive(s) { return this.m.derive(s); }
  // Run from a derived state to the line of `event` (the trace's next event): every line
  // on the way with the frames as they stand after it. The last is the event's own line.
  runTo(st, event) {
    const out = [];
    for (let guard = 0; guard < 10000; guard++) {
      const r = this.m.step(st, event.ok);
      const item = {line: r.line, frames: this.m.frames(st), event: r.event, ret: st.ret};
      out.push(item);
      if (r.event) {
        const want = event, got = r.event;
        item.matches = got.kind === want.kind &&
          (got.r < 0 || (got.r === want.r && got.c === want.c));
        return out;
      }
    }
    return out;
  }
}
