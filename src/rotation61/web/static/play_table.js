// The table of the play and replay pages: drawing to scale, the engine's motion laws,
// and the animation of a shot from its event list (window.R61Table).
(function () {
  "use strict";

  const colour = (b) => window.R61.ballColour(b);

  // ---- The engine's motion between events (docs/physics.md; sim/_kernel/motion.py) ----
  // A state row: [t0, x, y, vx, vy, wx, wy, wz, motion]; motions indexes `motions`.
  function advance(row, dt, p, motions) {
    let x = row[1], y = row[2], vx = row[3], vy = row[4], wx = row[5], wy = row[6], wz = row[7];
    const m = motions[row[8]];
    if (m === "stationary" || m === "pocketed" || m === "off_table" || dt === 0) return [x, y, vx, vy, m];
    // In flight the cloth does not touch the ball: its centre moves straight on at its
    // speed across the table (the height follows a parabola the top-down view does not
    // draw), and its spins stay as they were.
    if (m === "airborne") return [x + vx * dt, y + vy * dt, vx, vy, m];
    const R = p.R, g = p.g;
    const alpha = 2.5 * p.mu_spin * g / R;
    if (wz > 0) wz = Math.max(wz - alpha * dt, 0); else if (wz < 0) wz = Math.min(wz + alpha * dt, 0);
    if (m === "spinning") return [x, y, vx, vy, m];
    // Sliding and rolling: friction `a` against the unit vector (ex, ey).
    const brake = (a, ex, ey) => {
      x += vx * dt - 0.5 * a * ex * dt * dt;
      y += vy * dt - 0.5 * a * ey * dt * dt;
      vx -= a * ex * dt; vy -= a * ey * dt;
    };
    if (m === "sliding") {
      const ux = vx - R * wy, uy = vy + R * wx;
      const un = Math.sqrt(ux * ux + uy * uy);
      if (un > 0) brake(p.mu_slide * g, ux / un, uy / un);
      else { x += vx * dt; y += vy * dt; }
    } else {
      const vn = Math.sqrt(vx * vx + vy * vy);
      if (vn > 0) brake(p.mu_roll * g, vx / vn, vy / vn);
    }
    return [x, y, vx, vy, m];
  }

  // Every ball's centre (inches) and motion at time t of a shot view.
  function positionsAt(shot, t) {
    const out = {};
    const inch = shot.params.inch;
    for (const ball of Object.keys(shot.segments)) {
      const rows = shot.segments[ball];
      let row = rows[0];
      for (let i = 1; i < rows.length && rows[i][0] <= t; i++) row = rows[i];
      const s = advance(row, t - row[0], shot.params, shot.motions);
      out[ball] = { x: s[0] / inch, y: s[1] / inch, motion: s[4] };
    }
    return out;
  }

  // A ball's velocity (m/s) at time t of a shot view, from its segment before t.
  function velocityAt(shot, ball, t) {
    const rows = shot.segments[String(ball)];
    if (!rows) return [0, 0];
    let row = rows[0];
    for (let i = 1; i < rows.length && rows[i][0] < t; i++) row = rows[i];
    const s = advance(row, Math.max(t - row[0], 0), shot.params, shot.motions);
    return [s[2], s[3]];
  }

  // How hard an event of a shot view was (m/s): the two balls' closing speed for a
  // ball-ball contact, the ball's speed for a cushion, a jaw or a pocket. Read just
  // before the event, from the same motion laws as the animation.
  function impactSpeed(shot, event) {
    const t = event[0] - 1e-6, v = velocityAt(shot, event[2], t);
    if (event[1] === "ball" && event[3] !== null && event[3] !== undefined) {
      const w = velocityAt(shot, event[3], t);
      return Math.hypot(v[0] - w[0], v[1] - w[1]);
    }
    return Math.hypot(v[0], v[1]);
  }

  // Each pocket as drawn: its throat (the cloth between its jaws, from the cushion
  // line to the rail) and its hole. The engine's capture hole decides when a ball
  // drops; a side pocket's is a circle tangent to its diverging jaws, larger than the
  // pocket itself, so the hole is drawn at the pocket's true size: as wide as the
  // mouth between the jaw points (never wider than the capture hole), its front edge
  // where the capture hole's is (a ball drops where it is drawn to drop).
  function pocketShapes(t) {
    const onCloth = (x, y) => x >= -1e-6 && x <= t.length + 1e-6 && y >= -1e-6 && y <= t.width + 1e-6;
    const jaws = t.cushions.filter((c) => !(onCloth(c[0], c[1]) && onCloth(c[2], c[3])));
    return t.pockets.map((p) => {
      const near = jaws.map((c) => ({ c: c, d: Math.hypot((c[0] + c[2]) / 2 - p[0], (c[1] + c[3]) / 2 - p[1]) }))
        .sort((a, b) => a.d - b.d).slice(0, 2).map((j) => j.c);
      let r = p[2], x = p[0], y = p[1];
      if (near.length === 2) {
        const mouth = Math.hypot(near[0][0] - near[1][0], near[0][1] - near[1][1]);
        if (mouth / 2 < r) {
          // the front edge: the capture hole's point nearest the middle of the mouth
          const mx = (near[0][0] + near[1][0]) / 2, my = (near[0][1] + near[1][1]) / 2;
          const dx = mx - x, dy = my - y, n = Math.hypot(dx, dy) || 1;
          const fx = x + dx / n * r, fy = y + dy / n * r, nr = mouth / 2;
          x = fx - dx / n * nr; y = fy - dy / n * nr; r = nr;
        }
      }
      const throat = near.length === 2 ? [[near[0][0], near[0][1]], [near[0][2], near[0][3]], [near[1][2], near[1][3]], [near[1][0], near[1][1]]] : null;
      return { x: x, y: y, r: r, throat: throat };
    });
  }

  // The largest distance (mm) between the evaluator's rest positions and the engine's.
  function finalDeviation(shot) {
    const end = positionsAt(shot, shot.duration);
    let worst = 0;
    const evaluated = {};
    for (const ball of Object.keys(shot.final)) {
      const e = end[ball], f = shot.final[ball];
      evaluated[ball] = [e.x, e.y];
      const d = Math.hypot(e.x - f[0], e.y - f[1]) * 25.4;
      if (d > worst) worst = d;
    }
    return { worst: worst, evaluated: evaluated };
  }

  // ---- Drawing -------------------------------------------------------------------------
  class Table {
    constructor(canvas, table) {
      this.canvas = canvas;
      this.ctx = canvas.getContext("2d");
      this.t = table;
      this.balls = {};
      this.marks = { lowest: null, aim: null, ghost: null, place: null, placeOk: true, cue: null };
      this.holes = pocketShapes(table);
      this.resize();
    }

    resize() {
      const box = this.canvas.parentElement.getBoundingClientRect();
      const rail = 4.5;  // rail width drawn around the cloth, inches
      const L = this.t.length + 2 * rail, W = this.t.width + 2 * rail;
      // upright (the head at the bottom) when that draws the table larger
      const availW = Math.max(box.width, 120), availH = Math.max(box.height, 120);
      const upright = Math.min(availW / W, availH / L), across = Math.min(availW / L, availH / W);
      const portrait = upright > across * 1.02;
      const scale = portrait ? upright : across;
      const dpr = window.devicePixelRatio || 1;
      const cw = Math.round((portrait ? W : L) * scale), ch = Math.round((portrait ? L : W) * scale);
      this.canvas.width = cw * dpr; this.canvas.height = ch * dpr;
      this.canvas.style.width = cw + "px"; this.canvas.style.height = ch + "px";
      this.view = { scale: scale, rail: rail, portrait: portrait, dpr: dpr };
      this.canvas.dataset.view = JSON.stringify([scale, rail, portrait ? 1 : 0, cw, ch]);
      this.draw();
    }

    // Table inches -> canvas CSS pixels. Portrait: the head at the bottom, foot at the top.
    toScreen(x, y) {
      const v = this.view;
      if (v.portrait) return [(this.t.width - y + v.rail) * v.scale, (this.t.length - x + v.rail) * v.scale];
      return [(x + v.rail) * v.scale, (this.t.width - y + v.rail) * v.scale];
    }

    toTable(px, py) {
      const v = this.view;
      if (v.portrait) return [this.t.length + v.rail - py / v.scale, this.t.width + v.rail - px / v.scale];
      return [px / v.scale - v.rail, this.t.width + v.rail - py / v.scale];
    }

    draw() {
      const c = this.ctx, v = this.view, t = this.t;
      c.setTransform(v.dpr, 0, 0, v.dpr, 0, 0);
      const cw = this.canvas.width / v.dpr, ch = this.canvas.height / v.dpr;
      c.fillStyle = "#5a3418"; c.fillRect(0, 0, cw, ch);
      // the cloth, to the cushion noses
      const a = this.toScreen(0, 0), b = this.toScreen(t.length, t.width);
      c.fillStyle = "#136b3a";
      c.fillRect(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
      // the kitchen, shaded, and the head string
      const k1 = this.toScreen(0, 0), k2 = this.toScreen(t.head_string_x, t.width);
      c.fillStyle = "rgba(255,255,255,0.05)";
      c.fillRect(Math.min(k1[0], k2[0]), Math.min(k1[1], k2[1]), Math.abs(k2[0] - k1[0]), Math.abs(k2[1] - k1[1]));
      this.line(t.head_string_x, 0, t.head_string_x, t.width, "rgba(255,255,255,0.45)", 1);
      // the cushions (rails and jaws) and the pocket holes
      for (const s of t.cushions) this.line(s[0], s[1], s[2], s[3], "#0c4d29", 2);
      for (const h of this.holes) {
        if (h.throat) this.polygon(h.throat, "#136b3a");
        this.circle(h.x, h.y, h.r, "#050505");
      }
      // diamonds: 8 along the length, 4 across, on the rails
      c.fillStyle = "#e8e2c8";
      const off = v.rail * 0.55;
      for (let i = 1; i < 8; i++) {
        if (i === 4) continue;
        const x = t.length * i / 8;
        this.dot(x, -off); this.dot(x, t.width + off);
      }
      for (let j = 1; j < 4; j++) {
        const y = t.width * j / 4;
        this.dot(-off, y); this.dot(t.length + off, y);
      }
      // the foot spot and the head spot
      this.circle(t.foot_spot[0], t.foot_spot[1], 0.35, "#e8e2c8");
      this.circle(t.head_string_x, t.width / 2, 0.25, "rgba(232,226,200,0.6)");
      // the aim line and ghost ball
      const m = this.marks;
      if (m.aim) {
        this.line(m.aim[0], m.aim[1], m.aim[2], m.aim[3], "rgba(255,255,255,0.75)", 1, [6, 4]);
        if (m.ghost) this.ring(m.ghost[0], m.ghost[1], t.ball_radius, "rgba(255,255,255,0.8)");
      }
      for (const key of Object.keys(this.balls)) {
        const p = this.balls[key];
        if (p.motion === "pocketed" || p.motion === "off_table") continue;
        this.ball(Number(key), p.x, p.y, Number(key) === m.lowest);
      }
      if (m.place) {
        this.ball(0, m.place[0], m.place[1], false);
        this.ring(m.place[0], m.place[1], t.ball_radius + 0.4, m.placeOk ? "#7df0a0" : "#ff4040");
      }
      if (m.cue) this.cueStick(m.cue);
    }

    // The cue behind the cue ball along the aim, drawn back by `pull` inches.
    cueStick(cue) {
      const c = this.ctx, R = this.t.ball_radius;
      const dx = Math.cos(cue.phi * Math.PI / 180), dy = Math.sin(cue.phi * Math.PI / 180);
      const gap = R + 0.4 + Math.max(cue.pull || 0, 0);
      const tip = this.toScreen(cue.x - dx * gap, cue.y - dy * gap);
      const butt = this.toScreen(cue.x - dx * (gap + 57), cue.y - dy * (gap + 57));
      const ferrule = this.toScreen(cue.x - dx * (gap + 1), cue.y - dy * (gap + 1));
      const s = this.view.scale;
      c.save(); c.lineCap = "round";
      c.strokeStyle = "rgba(0,0,0,0.35)"; c.lineWidth = Math.max(5, 1.0 * s);
      c.beginPath(); c.moveTo(tip[0] + 2, tip[1] + 2); c.lineTo(butt[0] + 2, butt[1] + 2); c.stroke();
      const grad = c.createLinearGradient(tip[0], tip[1], butt[0], butt[1]);
      grad.addColorStop(0, "#f3e3c0"); grad.addColorStop(0.55, "#c8955a"); grad.addColorStop(0.75, "#3a1f0e"); grad.addColorStop(1, "#1a0d05");
      c.strokeStyle = grad; c.lineWidth = Math.max(4, 0.8 * s);
      c.beginPath(); c.moveTo(tip[0], tip[1]); c.lineTo(butt[0], butt[1]); c.stroke();
      c.strokeStyle = "#3d7bd9"; c.lineWidth = Math.max(4, 0.8 * s); c.lineCap = "butt";
      c.beginPath(); c.moveTo(tip[0], tip[1]); c.lineTo(ferrule[0], ferrule[1]); c.stroke();
      c.restore();
    }

    polygon(points, colour) {
      const c = this.ctx;
      c.fillStyle = colour; c.beginPath();
      points.forEach((q, i) => { const a = this.toScreen(q[0], q[1]); if (i) c.lineTo(a[0], a[1]); else c.moveTo(a[0], a[1]); });
      c.closePath(); c.fill();
    }

    line(x1, y1, x2, y2, colour, width, dash) {
      const c = this.ctx, a = this.toScreen(x1, y1), b = this.toScreen(x2, y2);
      c.save(); c.strokeStyle = colour; c.lineWidth = width; c.setLineDash(dash || []);
      c.beginPath(); c.moveTo(a[0], a[1]); c.lineTo(b[0], b[1]); c.stroke(); c.restore();
    }

    circle(x, y, r, colour) {
      const c = this.ctx, a = this.toScreen(x, y);
      c.fillStyle = colour; c.beginPath(); c.arc(a[0], a[1], r * this.view.scale, 0, 2 * Math.PI); c.fill();
    }

    ring(x, y, r, colour) {
      const c = this.ctx, a = this.toScreen(x, y);
      c.save(); c.strokeStyle = colour; c.lineWidth = 2;
      c.beginPath(); c.arc(a[0], a[1], r * this.view.scale, 0, 2 * Math.PI); c.stroke(); c.restore();
    }

    dot(x, y) {
      const c = this.ctx, a = this.toScreen(x, y);
      c.beginPath(); c.arc(a[0], a[1], Math.max(1.5, 0.3 * this.view.scale), 0, 2 * Math.PI); c.fill();
    }

    ball(n, x, y, inPlay) {
      const c = this.ctx, a = this.toScreen(x, y), r = this.t.ball_radius * this.view.scale;
      c.save();
      c.beginPath(); c.arc(a[0], a[1], r, 0, 2 * Math.PI); c.closePath();
      c.fillStyle = n > 8 ? window.R61.palette.stripe_ground : colour(n); c.fill();
      if (n > 8) {  // the stripe
        c.save(); c.clip();
        c.fillStyle = colour(n);
        if (this.view.portrait) c.fillRect(a[0] - r * 0.55, a[1] - r, r * 1.1, 2 * r);
        else c.fillRect(a[0] - r, a[1] - r * 0.55, 2 * r, r * 1.1);
        c.restore();
      }
      c.lineWidth = 1; c.strokeStyle = "rgba(0,0,0,0.55)"; c.stroke();
      if (n > 0) {
        c.fillStyle = "#fff";
        c.beginPath(); c.arc(a[0], a[1], r * 0.5, 0, 2 * Math.PI); c.fill();
        c.fillStyle = "#000";
        c.font = "bold " + Math.max(7, Math.round(r * 0.7)) + "px sans-serif";
        c.textAlign = "center"; c.textBaseline = "middle";
        c.fillText(String(n), a[0], a[1] + 0.5);
      }
      if (inPlay) {
        c.strokeStyle = "#ffe14d"; c.lineWidth = 2.5;
        c.beginPath(); c.arc(a[0], a[1], r + 3, 0, 2 * Math.PI); c.stroke();
      }
      c.restore();
    }

    setLayout(balls) {
      this.balls = {};
      for (const k of Object.keys(balls)) this.balls[k] = { x: balls[k][0], y: balls[k][1], motion: "stationary" };
      this.draw();
    }

    // Animate a shot view at the display's frame rate; resolves with the deviation check.
    // `onEvent(event)` runs for each of the shot's events as the animation passes it
    // (the sounds follow the engine's event list).
    animate(shot, speed, onEvent) {
      return new Promise((resolve) => {
        const rate = speed || 1;
        let start = null, next = 0;
        const events = shot.events || [];
        this.marks.aim = null; this.marks.ghost = null; this.marks.place = null; this.marks.cue = null;
        const frame = (now) => {
          if (start === null) start = now;
          const t = Math.min((now - start) / 1000 * rate, shot.duration);
          for (; next < events.length && events[next][0] <= t; next++) if (onEvent) onEvent(events[next]);
          this.balls = positionsAt(shot, t);
          this.draw();
          if (t < shot.duration && !this.skip) requestAnimationFrame(frame);
          else { this.skip = false; resolve(finalDeviation(shot)); }
        };
        requestAnimationFrame(frame);
      });
    }

    // Move balls to their new places (the spotted balls) in a short tween.
    tweenTo(balls, ms) {
      return new Promise((resolve) => {
        const from = {};
        for (const k of Object.keys(this.balls)) if (this.balls[k].motion !== "pocketed" && this.balls[k].motion !== "off_table") from[k] = [this.balls[k].x, this.balls[k].y];
        let start = null;
        const frame = (now) => {
          if (start === null) start = now;
          const f = Math.min((now - start) / (ms || 400), 1);
          const cur = {};
          for (const k of Object.keys(balls)) {
            const b = balls[k], a = from[k] || [this.t.foot_spot[0], this.t.foot_spot[1]];
            cur[k] = { x: a[0] + (b[0] - a[0]) * f, y: a[1] + (b[1] - a[1]) * f, motion: "stationary" };
          }
          this.balls = cur; this.draw();
          if (f < 1) requestAnimationFrame(frame); else resolve();
        };
        requestAnimationFrame(frame);
      });
    }
  }

  // The aim line from the cue ball along phi (degrees) to the first ball it would hit
  // (its ghost ball) or to the cushion.
  function aimLine(table, balls, cue, phi) {
    const R = table.ball_radius, dx = Math.cos(phi * Math.PI / 180), dy = Math.sin(phi * Math.PI / 180);
    let best = Infinity, ghost = null;
    for (const k of Object.keys(balls)) {
      if (k === "0") continue;
      const b = balls[k];
      const bx = b[0] - cue[0], by = b[1] - cue[1];
      const along = bx * dx + by * dy;
      if (along <= 0) continue;
      const perp2 = bx * bx + by * by - along * along;
      const D2 = 4 * R * R;
      if (perp2 >= D2) continue;
      const s = along - Math.sqrt(D2 - perp2);
      if (s < best) { best = s; ghost = [cue[0] + s * dx, cue[1] + s * dy, Number(k)]; }
    }
    if (!ghost) {
      const ts = [];
      if (dx > 0) ts.push((table.length - R - cue[0]) / dx); if (dx < 0) ts.push((R - cue[0]) / dx);
      if (dy > 0) ts.push((table.width - R - cue[1]) / dy); if (dy < 0) ts.push((R - cue[1]) / dy);
      best = Math.min.apply(null, ts);
    }
    return { end: [cue[0] + best * dx, cue[1] + best * dy], ghost: ghost };
  }

  // Why the geometry layer would refuse a cue-ball placement in the kitchen, or null:
  // geometry.placement_problem's checks and order, with its tolerances (served by the
  // server, decision A49), so the page refuses exactly what the server refuses.
  // "off_table": not inside the cushions; "not_behind_head_string": on or past the
  // line; "overlaps_ball": centres closer than a diameter (touching is allowed).
  function placementProblem(table, balls, x, y) {
    const tol = window.R61.shared.tolerances, R = table.ball_radius, D = 2 * R;
    const eps = tol.position_in;
    if (!(R - eps <= x && x <= table.length - R + eps && R - eps <= y && y <= table.width - R + eps)) return "off_table";
    const offset = x - table.head_string_x;
    if (Math.abs(offset) <= eps || offset > 0) return "not_behind_head_string";
    for (const k of Object.keys(balls)) {
      if (k === "0") continue;
      if (!(Math.hypot(x - balls[k][0], y - balls[k][1]) >= D - tol.contact_in)) return "overlaps_ball";
    }
    return null;
  }
  const placementOk = (table, balls, x, y) => placementProblem(table, balls, x, y) === null;

  window.R61Table = { Table: Table, advance: advance, positionsAt: positionsAt, impactSpeed: impactSpeed, pocketShapes: pocketShapes, finalDeviation: finalDeviation, aimLine: aimLine, placementProblem: placementProblem, placementOk: placementOk };
})();
