// Perft and random playouts by shogiops, lishogi's rules library, for chu shogi and
// minishogi: the oracle of Hisha's variant move generator (docs/variants.md).
//
//   node shogiops_perft.mjs perft RULES DEPTH [SFEN]       leaf count
//   node shogiops_perft.mjs divide RULES DEPTH [SFEN]      per first move
//   node shogiops_perft.mjs sample RULES COUNT DEPTHS SEED  COUNT positions from random playouts,
//                                                          each with its perft at DEPTHS (e.g. 1,2)
//   node shogiops_perft.mjs serve RULES                    referee: for each line 'startpos moves ...'
//                                                          or 'sfen S moves ...' on stdin, one line
//                                                          with the legal moves (none: game over)
//   node shogiops_perft.mjs list RULES DEPTHS < IN         the perft at DEPTHS of each SFEN in IN
//                                                          (the first tab-separated field of a line)
//
// The moves are those of shogiops' perft (`shogiops/debug`): every piece's destinations, both
// promotion choices where promotion is optional, and for the lion, horned falcon and soaring
// eagle every (first step, second step) pair. This driver plays a double move as a double
// move: shogiops 0.18's own debug perft passes the two squares to `play` swapped, which
// counts depth 1 right but plays another move below it. A position whose side to move has lost
// its royal pieces is over: it has no moves.
import { parseSfen, makeSfen, initialSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote, promotableOnDrop, promote } from 'shogiops/variant/util';
import { parsePieceName } from 'shogiops/util';

const LION_POWER = ['lion', 'lionpromoted', 'eagle', 'falcon'];

function over(pos) {
  return pos.rules === 'chushogi' && pos.kingsOf(pos.turn).isEmpty();
}

function moves(pos) {
  const out = [];
  if (over(pos)) return out;
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        out.push({ from, to, promotion: true });
        if (!pieceForcePromote(pos.rules)(piece, to)) out.push({ from, to, promotion: false });
      } else out.push({ from, to, promotion: false });
      if (LION_POWER.includes(piece.role)) {
        for (const last of secondLionStepDests(pos, from, to)) {
          out.push({ from, midStep: to, to: last, promotion: false });
        }
      }
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const piece = parsePieceName(name);
    const roles = [piece.role];
    if (promotableOnDrop(pos.rules)(piece)) roles.push(promote(pos.rules)(piece.role));
    for (const role of roles) for (const to of dests) out.push({ role, to });
  }
  return out;
}

function perft(pos, depth) {
  if (depth === 0) return 1;
  const ms = moves(pos);
  if (depth === 1) return ms.length;
  let n = 0;
  for (const m of ms) {
    const child = pos.clone();
    child.play(m);
    n += perft(child, depth - 1);
  }
  return n;
}

function position(rules, sfen) {
  return parseSfen(rules, sfen || initialSfen(rules), false).unwrap();
}

// A small deterministic generator (xorshift32), so that a seed gives the same sample.
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

const [cmd, rules, a, b, c] = process.argv.slice(2);
if (cmd === 'perft') {
  console.log(perft(position(rules, b), Number(a)));
} else if (cmd === 'divide') {
  const pos = position(rules, b);
  let total = 0;
  for (const m of moves(pos)) {
    const child = pos.clone();
    child.play(m);
    const n = perft(child, Number(a) - 1);
    total += n;
    console.log(`${makeUsi(m)}: ${n}`);
  }
  console.log(`Nodes searched: ${total}`);
} else if (cmd === 'sample') {
  const count = Number(a), depths = b.split(',').map(Number), random = rng(Number(c));
  const seen = new Set();
  while (seen.size < count) {
    let pos = position(rules);
    const plies = 1 + Math.floor(random() * (rules === 'chushogi' ? 160 : 40));
    for (let i = 0; i < plies; i++) {
      const ms = moves(pos);
      if (ms.length === 0) break;
      pos.play(ms[Math.floor(random() * ms.length)]);
    }
    const sfen = makeSfen(pos);
    if (seen.has(sfen)) continue;
    seen.add(sfen);
    console.log([sfen, ...depths.map(d => perft(pos, d))].join('\t'));
  }
} else if (cmd === 'serve') {
  const { createInterface } = await import('node:readline');
  const { parseUsi } = await import('shogiops/util');
  for await (const line of createInterface({ input: process.stdin })) {
    const words = line.trim().split(/\s+/);
    const at = words.indexOf('moves');
    const spec = at < 0 ? words : words.slice(0, at);
    let pos = position(rules, spec[0] === 'sfen' ? spec.slice(1).join(' ') : undefined);
    let error = '';
    for (const m of at < 0 ? [] : words.slice(at + 1)) {
      const legal = moves(pos).map(makeUsi);
      if (!legal.includes(m)) {
        error = `illegal ${m}`;
        break;
      }
      pos.play(parseUsi(m));
    }
    console.log(error || moves(pos).map(makeUsi).join(' '));
  }
} else if (cmd === 'list') {
  const depths = a.split(',').map(Number);
  const { readFileSync } = await import('node:fs');
  for (const line of readFileSync(0, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const sfen = line.split('\t')[0];
    console.log([sfen, ...depths.map(d => perft(position(rules, sfen), d))].join('\t'));
  }
} else {
  console.error('usage: shogiops_perft.mjs perft|divide|sample ...');
  process.exit(2);
}
