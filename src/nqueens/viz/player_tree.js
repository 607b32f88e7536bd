// The search tree of a backtracking trace: one node for every queen placed.
//
// The player builds the nodes once, when it reads the trace, and hands them over:
//   const view = new TreeView(element, {n, name(r, c), board(nodeIndex), jump(eventIndex)});
//   view.setNodes(nodes);   // [{p, d, r, c, at, end, solAt}], in the order they are placed
//   view.update(idx);       // show the tree as it stands after event idx
//   view.relabel();         // the names of the squares changed (the numbering control)
// A node: p its parent's index (-1: a child of the root, the empty board), d its depth
// (1 = the first queen), (r, c) its square, at the event index after which it stands,
// end the event index at which it is taken back (Infinity: never), solAt the first event
// index at which a solution at or below it is found (Infinity: none).
"use strict";
class TreeView {
  constructor(element, options) {
    this.el = element;
    this.opt = options;
    this.nodes = [];
    this.el.innerHTML = '<svg id="tree" class="tree-svg" role="img" aria-label="the search tree so far"></svg>';
    this.svg = this.el.firstChild;
  }
  setNodes(nodes) { this.nodes = nodes; }
  relabel() { this.update(this.idx || 0); }
  update(idx) {
    this.idx = idx;
    const N = this.opt.n, W = 1000, H = 40 * (N + 1), shown = this.nodes.filter(x => x.at <= idx);
    const perLevel = new Array(N + 1).fill(0), order = new Map();
    for (const x of this.nodes) { order.set(x, perLevel[x.d]); perLevel[x.d]++; }
    const pos = (x) => [x === null ? W / 2 : (order.get(x) + 0.5) * W / perLevel[x.d],
                        x === null ? 12 : 12 + x.d * 38];
    const parts = [];
    for (const x of shown) {
      const [a, b] = pos(x), [c, d] = pos(x.p < 0 ? null : this.nodes[x.p]);
      parts.push('<line x1="' + c.toFixed(1) + '" y1="' + d + '" x2="' + a.toFixed(1) + '" y2="' + b +
                 '" stroke="#bbb" stroke-width="0.6"/>');
    }
    parts.push('<circle class="node root" cx="' + W / 2 + '" cy="12" r="5" fill="#333"/>');
    for (const x of shown) {
      const [a, b] = pos(x);
      const current = x.at <= idx && idx < x.end, found = x.solAt <= idx;
      const dead = x.end <= idx && !found;
      const cls = current ? "node current" : found ? "node solved" : dead ? "node dead" : "node";
      const fill = current ? "#e67e22" : found ? "#27ae60" : dead ? "#ccc" : "#555";
      parts.push('<circle class="' + cls + '" cx="' + a.toFixed(1) + '" cy="' + b + '" r="' +
                 (current ? 5 : 3) + '" fill="' + fill + '"/>');
    }
    this.svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    this.svg.innerHTML = parts.join("");
  }
}
