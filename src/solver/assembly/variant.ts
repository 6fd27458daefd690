// The board variant (size, line length, the masks derived from them) and each instance's
// scratch memory: the column order, one frame per search depth and the host's move buffer.
export let W: i32 = 7;
export let H: i32 = 6;
export let N: i32 = 4;
export let H1: i32 = 7;
export let SIZE: i32 = 42;
export let bottomMask: u64 = 0;
export let boardMask: u64 = 0;
export let dirVertical: bool = true;
export let dirHorizontal: bool = true;
export let dirDiagonal: bool = true;
// Connect 4 with lines in every direction (the board at least 4 wide and 4 high).
export let all4: bool = true;
// Lines of 5 or more: few of them fit past the discs, and a side left with none it could still
// complete cannot win (`noLineLeft`), a bound the search checks at every node. On connect 4
// nearly every line stays open to the end, so the check would cost without pruning.
export let deadLines: bool = false;
// Even heights only (0 otherwise): the cells of the even rows, counted from 1 at the bottom
// (bits 1, 3, 5 ... of each column), the cells a claimeven player takes.
export let evenRows: u64 = 0;
// At or below every bound `claimevenBound` gives (-1 - H / 2 would be a line on the bottom row,
// H - 1 cells below the top): a window below it need not call it.
export let claimevenFloor: i32 = -1;
// The columns of the left half and the centre: all a mirror-image position needs searched.
export let leftHalf: u64 = 0;
// Columns, centre first: central moves win more often, so alpha-beta cuts earlier.
export const ORDER_PTR: usize = 0; // offset into scratch
// [0,64): column order (i32 x 16); [64,192): run masks (u64 x 16); [256,...): candidate frames,
// one per search depth (depth <= SIZE <= 64): 16 x i32 (score << 8 | column), then 16 x u64
// (the winning cells the move leaves us, which the child needs as its opponent's).
export const FRAME: usize = 192;
// After the frames: the host writes a whole move list here (one column per byte) and loads it
// with one call, `loadMoves`, instead of one call per move.
export const MOVES_PTR: usize = 256 + 66 * FRAME;
const MOVES_CAPACITY: i32 = 256; // MOVES_CAPACITY in ../wasm.ts
export const SCRATCH_SIZE: usize = MOVES_PTR + usize(MOVES_CAPACITY);
export let scratch: usize = 0;

export function colMask(col: i32): u64 {
  return ((u64(1) << u64(H)) - 1) << u64(col * H1);
}

export function ensureScratch(): void {
  // Threads build: `attach` places each instance's scratch in the shared layout.
  if (ASC_FEATURE_THREADS || scratch != 0) return;
  scratch = (__heap_base + 15) & ~usize(15);
  const needed = i32((scratch + SCRATCH_SIZE + 0xffff) >> 16);
  if (needed > memory.size()) memory.grow(needed - memory.size());
}

/** The variant's constants and column order, without touching the position or the table. */
export function configureVariant(width: i32, height: i32, connect: i32): i32 {
  if (width < 1 || height < 1 || connect < 2 || width > 16 || width * (height + 1) > 64) return 0;
  W = width;
  H = height;
  N = connect;
  H1 = height + 1;
  SIZE = width * height;
  bottomMask = 0;
  for (let c = 0; c < width; c++) bottomMask |= u64(1) << u64(c * H1);
  boardMask = bottomMask * ((u64(1) << u64(height)) - 1);
  dirVertical = connect <= height;
  dirHorizontal = connect <= width;
  dirDiagonal = connect <= width && connect <= height;
  all4 = connect == 4 && dirDiagonal;
  deadLines = connect >= 5;
  evenRows = 0;
  leftHalf = 0;
  for (let c = 0; c <= (width - 1) / 2; c++) leftHalf |= colMask(c);
  claimevenFloor = -1 - height / 2;
  if ((height & 1) == 0) {
    for (let r = 1; r < height; r += 2) evenRows |= bottomMask << u64(r);
  }
  ensureScratch();
  for (let i = 0; i < width; i++) {
    const col = width / 2 + (1 - 2 * (i % 2)) * ((i + 1) / 2);
    store<i32>(scratch + ORDER_PTR + (usize(i) << 2), col);
  }
  return 1;
}
