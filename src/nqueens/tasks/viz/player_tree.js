// The search tree of a backtracking trace: one node for every queen placed.
//
// The player builds the nodes once, when it reads the trace, and hands them over:
//   const view = new TreeView(element, {n, name(r, c), jump(eventIndex)});
//   view.setNodes(nodes);   // [{p, d, r, c, at, end, solAt}], in the order they are placed
//   view.update(idx);       // show the tree as it stands after event idx
//   view.relabel();         // the names of the squares changed (the numbering control)
// A node: p its parent's index (-1: a child of the root, the empty board), d its depth
// (1 = the first queen), (r, c) its square, at the event index after which it stands,
// end the event index at which it is taken back (Infinity: never), solAt the first event
// index at which a solution at or below it is found (Infinity: none).
//
// The whole final tree is laid out once (a tidy Reingold-Tilford layout, see tidyLayout)
// and its SVG elements are made once, hidden; update(idx) only changes the class of the
// nodes whose state changed, so nothing drawn ever moves while the tree grows.
"use strict";
const TreeView = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  // A node's state, and the class names that the page's tests and style sheet read (the
  // colours, in player_tree.css, are the page's palette: the current path #e67e22, solved
  // #27ae60, dead ends #cccccc, open #555555, the root #333333).
  const FUTURE = 0, OPEN = 1, CURRENT = 2, SOLVED = 3, SOLVED_CURRENT = 4, DEAD = 5, ROOT = 6;
  const NODE_CLASS = ["future", "node open", "node current", "node solved",
                      "node solved current", "node dead", "node root"];
  const EDGE_CLASS = ["future", "edge open", "edge current", "edge solved", "edge current",
                      "edge dead", ""];
  const PAD = 14;            // px of room around the tree at "fit"
  const MAX_UNIT = 90;       // px between neighbours at the deepest zoom
  const LEVEL_PX = 64;       // zooming stretches the levels apart up to this many px
  const HIT_PX = 12;         // a pointer this close to a node points at it
  const TAP_MOVE = 5;        // px a press may move and still be a click, not a drag

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // Reingold-Tilford tidy layout. parent[i] is i's parent (parent[0] = -1, the root), and
  // every parent comes before its children. Each subtree is laid out on its own and keeps
  // its contours: for every level below its root, the leftmost and rightmost x relative
  // to that root. Siblings are packed as close as their contours allow (a gap of 1 at
  // every level they share), so subtrees never overlap and edges never cross; the parent
  // stands at the midpoint of its first and last child. Packing greedily from the left
  // leaves small subtrees bunched up to the left between big ones, so the children are
  // packed from both sides and the two placements averaged: both keep every pairwise
  // separation (x_k - x_i >= gap(i, k)), so their mean does too, and small subtrees end up
  // spread evenly (Walker's aim). Cost: O(nodes x depth). Returns x for every node.
  function tidyLayout(parent) {
    const count = parent.length, kids = Array.from({length: count}, () => []);
    for (let i = 1; i < count; i++) kids[parent[i]].push(i);
    const rel = new Float64Array(count), left = new Array(count), right = new Array(count);
    for (let i = count - 1; i >= 0; i--) {   // children before their parents
      const ch = kids[i];
      if (!ch.length) { left[i] = [0]; right[i] = [0]; continue; }
      const xs = packBothWays(ch.map(k => left[k]), ch.map(k => right[k]));
      const lc = [0], rc = [0];
      ch.forEach((k, j) => {
        rel[k] = xs[j];
        const a = left[k], b = right[k];
        for (let l = 0; l < a.length; l++) {
          if (lc.length <= l + 1) { lc.push(xs[j] + a[l]); rc.push(xs[j] + b[l]); }
          else { lc[l + 1] = Math.min(lc[l + 1], xs[j] + a[l]); rc[l + 1] = Math.max(rc[l + 1], xs[j] + b[l]); }
        }
        left[k] = right[k] = null;   // no longer needed
      });
      left[i] = lc; right[i] = rc;
    }
    const x = new Float64Array(count);
    for (let i = 1; i < count; i++) x[i] = x[parent[i]] + rel[i];
    return x;
  }
  // Children's x, packed from the left, from the right, averaged, centred on 0.
  function packBothWays(lefts, rights) {
    const m = lefts.length, fromLeft = packLeft(lefts, rights);
    const neg = (a) => a.map(v => -v);   // the mirror image: left and right swap
    const mirrored = packLeft(rights.map(neg).reverse(), lefts.map(neg).reverse());
    const xs = [];
    for (let j = 0; j < m; j++) xs.push((fromLeft[j] - mirrored[m - 1 - j] + mirrored[m - 1]) / 2);
    // mirrored spans the same width (both are the longest path of the same constraints)
    const mid = (xs[0] + xs[m - 1]) / 2;
    return xs.map(v => v - mid);
  }
  // Each subtree as far left as the ones before it allow: a gap of 1 at every shared level.
  function packLeft(lefts, rights) {
    const xs = [0], edge = rights[0].slice();   // edge: the rightmost x so far, per level
    for (let j = 1; j < lefts.length; j++) {
      const a = lefts[j], b = rights[j];
      let x = -Infinity;
      for (let l = 0; l < Math.min(a.length, edge.length); l++) x = Math.max(x, edge[l] - a[l] + 1);
      xs.push(x);
      for (let l = 0; l < b.length; l++) edge[l] = l < edge.length ? Math.max(edge[l], x + b[l]) : x + b[l];
    }
    return xs;
  }

  class TreeView {
    constructor(element, options) {
      this.el = element;
      this.opt = options;
      this.nodes = [];
      this.idx = 0;
      this.k = 1;                 // zoom: 1 = the whole tree fits
      this.tx = 0; this.ty = 0;   // pan: where the tree's left top lies in the svg, px
      this.fitted = true;
      this.tipNode = -1;
      element.classList.add("tree-view");
      element.innerHTML =
        '<svg id="tree" class="tree-svg" role="img" aria-label="the search tree so far">' +
        '<g class="tree-pan"><g class="tree-edges"></g><g class="tree-nodes"></g><g class="tree-labels"></g></g></svg>' +
        '<div class="tree-zoom" role="group" aria-label="zoom the tree">' +
        '<button type="button" class="zoom-in" title="zoom in (or the mouse wheel)" aria-label="zoom in">+</button>' +
        '<button type="button" class="zoom-out" title="zoom out" aria-label="zoom out">\u2212</button>' +
        '<button type="button" class="zoom-fit" title="the whole tree" aria-label="fit the whole tree">fit</button></div>' +
        '<div class="tree-legend">' + this.legendHtml() + '</div>' +
        '<div class="tree-tip" hidden></div>';
      this.svg = element.querySelector("svg");
      this.pan = this.svg.firstChild;
      [this.gEdges, this.gNodes, this.gLabels] = this.pan.children;
      this.legend = element.querySelector(".tree-legend");
      this.tip = element.querySelector(".tree-tip");
      this.wireInput();
      if (typeof ResizeObserver !== "undefined")
        new ResizeObserver(() => this.resized()).observe(element);
    }

    legendHtml() {
      const mark = (cls, shape) => '<svg class="mark" viewBox="-8 -8 16 16" aria-hidden="true">' +
        (shape === "square" ? '<rect class="node ' + cls + '" x="-5" y="-5" width="10" height="10"/>'
                            : '<circle class="node ' + cls + '" r="' + (cls === "dead" ? 3.5 : 5) + '"/>') + '</svg>';
      return '<span>' + mark("current", "circle") + 'current path</span>' +
             '<span>' + mark("solved", "square") + 'solution</span>' +
             '<span>' + mark("dead", "circle") + 'dead end</span>' +
             '<span>' + mark("open", "circle") + 'open</span>';
    }

    // Lays out the final tree and makes its elements, every one hidden until reached.
    setNodes(nodes) {
      this.nodes = nodes;
      const count = nodes.length + 1;   // element 0 is the root, node i is element i + 1
      const parent = new Int32Array(count);
      parent[0] = -1;
      this.depth = new Int32Array(count);
      nodes.forEach((x, i) => { parent[i + 1] = x.p + 1; this.depth[i + 1] = x.d; });
      this.parent = parent;
      const x = tidyLayout(parent);
      let lo = Infinity, hi = -Infinity;
      for (const v of x) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      this.wx = x.map(v => v - lo);
      this.span = hi - lo;
      this.levels = Math.max(1, ...this.depth);
      this.state = new Uint8Array(count);   // FUTURE everywhere: nothing drawn yet
      this.px = new Float64Array(count); this.py = new Float64Array(count);
      this.makeElements();
      this.state[0] = ROOT;
      this.shapes[0].setAttribute("class", NODE_CLASS[ROOT]);
      this.fit();
      this.update(this.idx);
    }

    makeElements() {
      const n = this.opt.n;
      for (const g of [this.gEdges, this.gNodes, this.gLabels]) g.textContent = "";
      this.shapes = []; this.edges = [null]; this.labels = [];
      for (let i = 0; i < this.parent.length; i++) {
        const leaf = this.depth[i] === n;   // a full board: a solution, drawn as a square
        const shape = el(leaf ? "rect" : "circle", {class: "future", "data-node": i - 1,
                                                     "data-at": i ? this.nodes[i - 1].at : 0}, this.gNodes);
        this.shapes.push(shape);
        if (i > 0) this.edges.push(el("line", {class: "future", "data-parent": this.parent[i] - 1,
                                               "data-child": i - 1}, this.gEdges));
        const label = el("text", {class: "future"}, this.gLabels);
        label.textContent = i ? this.opt.name(this.nodes[i - 1].r, this.nodes[i - 1].c) : "";
        this.labels.push(label);
      }
    }

    relabel() {
      if (!this.labels) return;
      for (let i = 1; i < this.labels.length; i++)
        this.labels[i].textContent = this.opt.name(this.nodes[i - 1].r, this.nodes[i - 1].c);
      this.place();
      if (this.tipNode >= 0) this.showTip(this.tipNode, this.tipAt);
    }

    // The state of node i (element i + 1) after event idx.
    stateOf(x, idx) {
      if (x.at > idx) return FUTURE;
      const solved = x.solAt <= idx;
      if (idx < x.end) return solved ? SOLVED_CURRENT : CURRENT;
      if (solved) return SOLVED;
      return x.end <= idx ? DEAD : OPEN;
    }

    update(idx) {
      this.idx = idx;
      if (!this.state) return;
      const nodes = this.nodes, state = this.state;
      for (let i = 0; i < nodes.length; i++) {
        const s = this.stateOf(nodes[i], idx);
        if (s !== state[i + 1]) { state[i + 1] = s; this.paint(i + 1); }
      }
    }

    // Class, size and position of element i after its state changed.
    paint(i) {
      const s = this.state[i];
      this.shapes[i].setAttribute("class", NODE_CLASS[s]);
      this.edges[i].setAttribute("class", EDGE_CLASS[s]);
      this.labels[i].setAttribute("class", s === FUTURE ? "future" : "label");
      this.placeNode(i);
    }

    // ----- geometry: world units (x: 1 between neighbours, y: 1 a level) to px -----
    size() {
      const r = this.svg.getBoundingClientRect();
      return [Math.max(r.width, 1), Math.max(r.height, 1)];
    }
    // px per unit at zoom 1: the whole tree inside the svg, above the legend.
    fitScale() {
      const [w, h] = this.size(), bottom = this.legend.offsetHeight + PAD;
      return [Math.max((w - 2 * PAD) / Math.max(this.span, 1), 0.01),
              Math.max((h - 2 * PAD - bottom) / this.levels, 1)];
    }
    scales() {
      const [fx, fy] = this.fitScale();
      return [fx * this.k, fy * Math.min(this.k, Math.max(1, LEVEL_PX / fy))];
    }
    maxZoom() { return Math.max(1, MAX_UNIT / this.fitScale()[0]); }
    // Node radius in px: as big as the spacing allows, small enough to stay apart.
    radius() {
      const [sx, sy] = this.scales();
      return Math.max(1.5, Math.min(7, 0.36 * sx, 0.22 * sy));
    }

    fit() {
      this.k = 1; this.fitted = true;
      const [w] = this.size(), [sx] = this.scales();
      this.tx = (w - this.span * sx) / 2;
      this.ty = PAD + 4;
      this.place();
    }

    // Zooms by factor f about the point (cx, cy) of the svg, in px.
    zoom(f, cx, cy) {
      if (!this.state) return;
      const [sx0, sy0] = this.scales();
      this.k = Math.max(1, Math.min(this.maxZoom(), this.k * f));
      if (this.k === 1) { this.fit(); return; }
      this.fitted = false;
      const [sx, sy] = this.scales();
      this.tx = cx - (cx - this.tx) * sx / sx0;
      this.ty = cy - (cy - this.ty) * sy / sy0;
      this.place();
    }

    // Keeps the tree in view: no panning it off the svg.
    clampPan() {
      const [w, h] = this.size(), [sx, sy] = this.scales();
      const bottom = this.legend.offsetHeight + PAD;
      const tw = this.span * sx, th = this.levels * sy;
      this.tx = tw <= w - 2 * PAD ? (w - tw) / 2 : Math.min(PAD, Math.max(w - PAD - tw, this.tx));
      this.ty = th <= h - 2 * PAD - bottom ? PAD + 4 : Math.min(PAD + 4, Math.max(h - bottom - PAD - th, this.ty));
    }

    panTo(tx, ty) {
      this.tx = tx; this.ty = ty;
      this.clampPan();
      this.pan.setAttribute("transform", "translate(" + this.tx.toFixed(1) + " " + this.ty.toFixed(1) + ")");
    }

    // Puts every element where the zoom says (panning only moves the group).
    place() {
      if (!this.state) return;
      this.clampPan();
      const [sx, sy] = this.scales();
      this.r = this.radius();
      for (let i = 0; i < this.wx.length; i++) { this.px[i] = this.wx[i] * sx; this.py[i] = this.depth[i] * sy; }
      for (let i = 0; i < this.wx.length; i++) this.placeNode(i);
      this.pan.setAttribute("transform", "translate(" + this.tx.toFixed(1) + " " + this.ty.toFixed(1) + ")");
      this.svg.classList.toggle("zoomed", this.k > 1);   // a finger then pans the tree, not the page
      // edges as thin as a dense tree needs (the style sheet thickens the paths from it)
      this.svg.style.setProperty("--edge", Math.max(0.5, Math.min(1.5, 0.3 * sx)).toFixed(2) + "px");
      // labels only where there is room for them between neighbours and between levels
      const font = parseFloat(getComputedStyle(this.svg).fontSize) || 16;
      let longest = 1;
      for (let i = 1; i < this.labels.length; i++) longest = Math.max(longest, this.labels[i].textContent.length);
      this.svg.classList.toggle("no-labels", sx < longest * 0.62 * font + 6 || sy < 2.2 * font);
    }

    placeNode(i) {
      const s = this.state[i];
      if (s === FUTURE) return;   // placed when it appears
      const x = this.px[i], y = this.py[i], base = this.r;
      // the current path always stands out, larger; dead ends smaller; solutions visible
      const r = s === CURRENT || s === SOLVED_CURRENT ? Math.max(base * 1.35, 4.5) :
                s === DEAD ? Math.max(base * 0.7, 1.2) : s === ROOT ? Math.max(base, 3.5) : base;
      const shape = this.shapes[i];
      if (shape.tagName === "rect") {
        const h = Math.max(r * 0.95, 2.5);
        shape.setAttribute("x", (x - h).toFixed(2)); shape.setAttribute("y", (y - h).toFixed(2));
        shape.setAttribute("width", (2 * h).toFixed(2)); shape.setAttribute("height", (2 * h).toFixed(2));
      } else {
        shape.setAttribute("cx", x.toFixed(2)); shape.setAttribute("cy", y.toFixed(2));
        shape.setAttribute("r", r.toFixed(2));
      }
      if (i > 0) {
        const p = this.parent[i], line = this.edges[i];
        line.setAttribute("x1", this.px[p].toFixed(2)); line.setAttribute("y1", this.py[p].toFixed(2));
        line.setAttribute("x2", x.toFixed(2)); line.setAttribute("y2", y.toFixed(2));
      }
      const label = this.labels[i];
      label.setAttribute("x", x.toFixed(1));
      label.setAttribute("y", (y - r - 3).toFixed(1));
    }

    resized() {
      if (!this.state) return;
      if (this.fitted) this.fit();
      else { this.k = Math.min(this.k, this.maxZoom()); this.place(); }
    }

    // ----- input: wheel zoom, drag pan, hover / tap for the partial board, click to jump -----
    wireInput() {
      const q = (s) => this.el.querySelector(s);
      q(".zoom-in").onclick = () => this.zoom(1.6, ...this.focus());
      q(".zoom-out").onclick = () => this.zoom(1 / 1.6, ...this.focus());
      q(".zoom-fit").onclick = () => this.fit();
      this.svg.addEventListener("wheel", (ev) => {
        ev.preventDefault();
        const [x, y] = this.local(ev);
        this.zoom(Math.exp(-ev.deltaY * (ev.deltaMode ? 0.05 : 0.0015)), x, y);
      }, {passive: false});
      let press = null;   // {x, y, tx, ty, id, dragging, touch}
      this.svg.addEventListener("pointerdown", (ev) => {
        if (ev.button !== 0) return;
        const [x, y] = this.local(ev);
        press = {x, y, tx: this.tx, ty: this.ty, id: ev.pointerId, dragging: false,
                 touch: ev.pointerType !== "mouse"};
      });
      this.svg.addEventListener("pointermove", (ev) => {
        const [x, y] = this.local(ev);
        if (press && press.id === ev.pointerId) {
          if (!press.dragging && Math.hypot(x - press.x, y - press.y) > TAP_MOVE) {
            press.dragging = true;
            this.svg.setPointerCapture(ev.pointerId);
            this.svg.classList.add("panning");
            this.hideTip();
          }
          if (press.dragging) { this.fitted = false; this.panTo(press.tx + x - press.x, press.ty + y - press.y); return; }
        }
        if (ev.pointerType === "mouse") this.hover(x, y);
      });
      const release = (ev) => {
        if (!press || press.id !== ev.pointerId) return;
        const was = press;
        press = null;
        this.svg.classList.remove("panning");
        if (was.dragging || ev.type === "pointercancel") return;
        const i = this.nearest(was.x, was.y);
        if (i <= 0) { this.hideTip(); return; }
        // touch: the first tap shows the partial board, a second tap on it goes there
        if (was.touch && this.tipNode !== i) { this.showTip(i, [was.x, was.y]); return; }
        this.hideTip();
        this.opt.jump(this.nodes[i - 1].at);
      };
      this.svg.addEventListener("pointerup", release);
      this.svg.addEventListener("pointercancel", release);
      this.svg.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse" && !press) this.hideTip(); });
    }

    // Where the buttons zoom about: the search's newest queen when in view, else the middle.
    focus() {
      const [w, h] = this.size();
      let deepest = -1;
      if (this.state) this.state.forEach((s, i) => { if (s === CURRENT || s === SOLVED_CURRENT) deepest = i; });
      if (deepest >= 0) {
        const x = this.px[deepest] + this.tx, y = this.py[deepest] + this.ty;
        if (x >= 0 && x <= w && y >= 0 && y <= h) return [x, y];
      }
      return [w / 2, h / 2];
    }

    local(ev) {
      const r = this.svg.getBoundingClientRect();
      return [ev.clientX - r.left, ev.clientY - r.top];
    }

    // The drawn node nearest to the svg point (x, y), within reach; -1 if none.
    nearest(x, y) {
      if (!this.state) return -1;
      const lx = x - this.tx, ly = y - this.ty;
      let best = -1, bestD = Math.max(HIT_PX, this.r + 3);
      for (let i = 0; i < this.state.length; i++) {
        if (this.state[i] === FUTURE) continue;
        const d = Math.hypot(this.px[i] - lx, this.py[i] - ly);
        if (d <= bestD) { best = i; bestD = d; }
      }
      return best;
    }

    hover(x, y) {
      const i = this.nearest(x, y);
      this.svg.classList.toggle("pointing", i > 0);
      if (i > 0) this.showTip(i, [x, y]); else this.hideTip();
    }

    // The queens on the path from the root to element i, the root's first.
    queensTo(i) {
      const path = [];
      for (let k = i; k > 0; k = this.parent[k]) path.push(this.nodes[k - 1]);
      return path.reverse();
    }

    // A floating card: the partial board of element i, near the point `at` of the svg.
    showTip(i, at) {
      this.tipNode = i; this.tipAt = at;
      const n = this.opt.n, path = this.queensTo(i), x = this.nodes[i - 1];
      const parts = ['<svg class="tip-board" viewBox="0 0 ' + n + ' ' + n + '" aria-hidden="true">'];
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++)
        parts.push('<rect class="' + ((r + c) % 2 ? "dark" : "light") + '" x="' + c + '" y="' + r + '" width="1" height="1"/>');
      path.forEach((q, j) => parts.push('<circle class="queen' + (j === path.length - 1 ? " last" : "") +
        '" cx="' + (q.c + 0.5) + '" cy="' + (q.r + 0.5) + '" r="0.32"/>'));
      parts.push("</svg>");
      const names = path.map(q => this.opt.name(q.r, q.c)).join(" ");
      const what = x.solAt <= this.idx ? "a solution at or below it" : x.end <= this.idx ? "a dead end" : "";
      this.tip.innerHTML = '<div class="tip-text"><b>' + names + '</b> (' + path.length +
        (path.length === 1 ? " queen" : " queens") + ')' + (what ? "<br>" + what : "") +
        '</div>' + parts.join("") + '<div class="tip-hint">click: go to event ' + x.at + '</div>';
      this.tip.hidden = false;
      const [w, h] = this.size(), tw = this.tip.offsetWidth, th = this.tip.offsetHeight;
      let left = at[0] + 14, top = at[1] + 14;
      if (left + tw > w) left = Math.max(0, at[0] - 14 - tw);
      if (top + th > h) top = Math.max(0, at[1] - 14 - th);
      this.tip.style.left = left + "px"; this.tip.style.top = top + "px";
    }

    hideTip() { this.tipNode = -1; this.tip.hidden = true; }
  }
  return TreeView;
})();
