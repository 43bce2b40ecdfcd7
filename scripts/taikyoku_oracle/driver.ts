// Random games of taikyoku shogi played by the taikyoku-shogi.github.io engine, and the legal
// moves it lists along them: the oracle of Hisha's taikyoku move generator
// (positions/variants/taikyoku-moves.tsv, tests/variants.rs).
//
//   node oracle.mjs SEED PLIES EVERY   a game of at most PLIES random moves from the start; a
//                                      line `G <moves>`, then every EVERY plies a line
//                                      `S <ply> <count> <hash> <settled>`: the number of legal
//                                      moves there, the FNV-1a hash of their USI texts sorted
//                                      and joined by spaces, the moves a comparison settles
//
// Moves are written as Hisha writes them in USI: squares `36jj` (ranks beyond z doubled), a
// double move by its three squares, `+` where the piece promotes.
import Game from "taikyoku-site/src/lib/Game";
import { initialTsfen } from "taikyoku-site/src/lib/pieceData";
import { GameStatus } from "taikyoku-site/src/types/TaikyokuShogi";

// Square [x, y] (x from the left, y from the top) as USI names it: file 36 - x, rank y + 1
// (a..z, then aa, bb, .. jj).
const sq = ([x, y]: number[]) => {
  const r = y < 26 ? String.fromCharCode(97 + y) : String.fromCharCode(97 + y - 26).repeat(2);
  return `${36 - x}${r}`;
};
// A move as USI writes it, `+` where it promotes (the site promotes every piece that can,
// on a move that ends in the zone or steps into it on the way).
function text(game: Game, m: any): string {
  const piece = game.getSquare(m.start)!;
  const steps = [m.end, ...(m.intermediateSteps ?? [])];
  const promotes = piece.canPromote() && steps.some((p: any) => Game.isPosInPromotionZone(p, piece.owner));
  return sq(m.start) + (m.intermediateSteps ?? []).map(sq).join("") + sq(m.end) + (promotes ? "+" : "");
}
// The site's moves, but those it lists a second time through a square of the zone on the way
// (a hook's corner, the landing square of a leap that slides on) to promote: Hisha promotes by
// where such a move ends. The double moves of the lions and the free eagle keep their step.
const DOUBLE = new Set(["L", "FFI", "BS", "LH", "FE"]);
function siteMoves(game: Game): any[] {
  const out: any[] = [];
  for (let x = 0; x < 36; x++) for (let y = 0; y < 36; y++) {
    // Each piece's moves made afresh: the site's cache of moves misses a change on the square
    // a leap lands on before it slides on (that square is not among the piece's attacks).
    const piece = game.getSquare([x, y]);
    if (!piece || piece.owner != game.getCurrentPlayer() || game.getStatus() != GameStatus.Playing) continue;
    for (const m of piece.getMovesAndAttackingSquares([x, y], game)[0]) {
      if (m.intermediateSteps?.length && !DOUBLE.has(piece.species)) continue;
      out.push(m);
    }
  }
  return out;
}
// The rain demon's leaps to the second square diagonally forward over a piece: Hisha takes
// the site's stated reading (the leap lands there, and may slide on), the site's table gives
// the slide on only; listed so that a comparison can settle them.
function settled(game: Game): string[] {
  const out: string[] = [];
  for (let x = 0; x < 36; x++) for (let y = 0; y < 36; y++) {
    const p = game.getSquare([x, y]);
    if (!p || p.species != "RAD" || p.owner != game.getCurrentPlayer()) continue;
    const fy = p.owner == 0 ? -1 : 1;
    for (const dx of [-1, 1]) {
      const s1 = [x + dx, y + fy], s2 = [x + 2 * dx, y + 2 * fy];
      if (s2[0] < 0 || s2[0] > 35 || s2[1] < 0 || s2[1] > 35) continue;
      const t = game.getSquare(s2 as any);
      if (game.getSquare(s1 as any) && (!t || t.owner != p.owner)) out.push(sq([x, y]) + sq(s2));
    }
  }
  return out;
}
function moves(game: Game): string[] {
  return siteMoves(game).map(m => text(game, m)).sort();
}
let seed = BigInt(process.argv[2] ?? 1) | 1n;
function rand(n: number): number {
  seed ^= seed << 13n; seed &= (1n << 64n) - 1n;
  seed ^= seed >> 7n;
  seed ^= seed << 17n; seed &= (1n << 64n) - 1n;
  return Number(seed % BigInt(n));
}
function fnv(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(text, "utf8")) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, "0");
}
const print = console.log;
console.log = () => {};
const game = new Game(initialTsfen);
const plies = +(process.argv[3] ?? 400), every = +(process.argv[4] ?? 10);
const history: string[] = [];
const samples: string[] = [];
for (let ply = 0; ply <= plies && game.getStatus() === GameStatus.Playing; ply++) {
  const ms = siteMoves(game);
  if (ply % every === 0) {
    const listed = moves(game);
    samples.push(["S", ply, listed.length, fnv(listed.join(" ")), settled(game).join(" ") || "-"].join("\t"));
  }
  if (ply == plies) break;
  // Not played: a vice general's leap over a piece, which the site's engine makes take the
  // piece leapt over (it takes every piece between a range capturer's squares, on any of its
  // moves); Hisha's takes nothing on a leap.
  const playable = ms.filter((m: any) => {
    const p = game.getSquare(m.start)!;
    const [dx, dy] = [m.end[0] - m.start[0], m.end[1] - m.start[1]];
    const leap = p.species == "VG" && (dx == 0 || dy == 0) && Math.abs(dx + dy) == 2;
    return !(leap && game.getSquare([m.start[0] + dx / 2, m.start[1] + dy / 2]));
  });
  if (!playable.length) break;
  const m = playable[rand(playable.length)];
  history.push(text(game, m));
  game.makeMove(m);
}
print(["G", history.join(" ")].join("\t"));
for (const s of samples) print(s);
