import { C4Error, ErrorCode, createVariant, err, ok, type Result } from '../../core/index.js';
import { keyFits } from '../board-key.js';
import { Book } from './book.js';
import { StoredColumn } from './columns.js';
import { crc32 } from './crc32.js';

/*
 * Book file (little-endian). Written as version 3; versions 1 (no key sections) and 2 (the loss
 * section only) are still read, so a book from an older checkout keeps loading:
 *   0  "C4BK"            magic
 *   4  u8 version = 3
 *   5  u8 width, u8 height, u8 connect
 *   8  i8 completePly    every position with at most this many discs is present (-1: none)
 *   9  u8 keyBytes       ceil(width*(height+1)/8)
 *  10  u16 reserved = 0
 *  12  u32 count
 *  16  count x (key: keyBytes LE, score: i8), keys strictly ascending
 *      u32 lossCount, then lossCount x key (keyBytes LE), strictly ascending: positions proven
 *      lost for the side to move without an exact score (a winning strategy's replies)
 *      u32 noWinCount, then noWinCount x key, strictly ascending: positions proven not won by
 *      the side to move (a drawing strategy's replies)
 * end  u32 CRC-32 of every byte before it
 * Keys are the smaller of a position's and its mirror image's solver key (`symmetricKey`).
 */
export const BOOK_MAGIC = 'C4BK';
export const BOOK_VERSION = 3;
const HEADER = 16;

const invalid = (message: string): C4Error => new C4Error(ErrorCode.BookInvalid, message);

export function serializeBook(book: Book): Uint8Array {
  const { width, height, connect } = book.variant;
  const keyBytes = Math.ceil((width * (height + 1)) / 8);
  const length =
    HEADER + book.size * (keyBytes + 1) + 4 + (book.lossCount + book.noWinCount) * keyBytes + 4 + 4;
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = BOOK_MAGIC.charCodeAt(i);
  bytes.set([BOOK_VERSION, width, height, connect, book.completePly, keyBytes], 4);
  view.setUint32(12, book.size, true);
  let offset = HEADER;
  const writeKey = (key: number): void => {
    let k = key;
    for (let b = 0; b < keyBytes; b++) {
      bytes[offset++] = k % 256;
      k = Math.floor(k / 256);
    }
  };
  for (const [key, score] of book.entries()) {
    writeKey(key);
    view.setInt8(offset++, score);
  }
  view.setUint32(offset, book.lossCount, true);
  offset += 4;
  for (const key of book.lostKeys()) writeKey(key);
  view.setUint32(offset, book.noWinCount, true);
  offset += 4;
  for (const key of book.notWonKeys()) writeKey(key);
  view.setUint32(offset, crc32(bytes, offset), true);
  return bytes;
}

/** How `parseBook` computes the file's CRC-32; a shell may pass a native one (Node's `zlib.crc32`). */
export type Crc32 = (bytes: Uint8Array) => number;

/**
 * Reads a book file; any damage (truncation, flipped bits, wrong version, keys out of order) is a
 * typed error. Nothing is decoded: the book's lookups read the keys in place (`StoredColumn`), so
 * a fresh process pays for the checksum and one ordered pass over the bytes, not for building
 * arrays of 100,000 numbers before its first answer. The book keeps `bytes`: leave them unchanged.
 */
export function parseBook(
  bytes: Uint8Array,
  checksum: Crc32 = (data) => crc32(data),
): Result<Book, C4Error> {
  if (bytes.length < HEADER + 4) return err(invalid('book file is too short'));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== BOOK_MAGIC) return err(invalid('not a book file (bad magic)'));
  const version = bytes[4]!;
  if (version < 1 || version > BOOK_VERSION) {
    return err(invalid(`unsupported book version ${version}`));
  }
  const end = bytes.length - 4;
  const stored = view.getUint32(end, true);
  if (checksum(bytes.subarray(0, end)) !== stored) return err(invalid('book checksum mismatch'));
  const variant = createVariant({ width: bytes[5]!, height: bytes[6]!, connect: bytes[7]! });
  if (!variant.ok) return err(invalid(`book variant: ${variant.error.message}`));
  if (!keyFits(variant.value)) return err(invalid('book variant is too large for book keys'));
  const completePly = view.getInt8(8);
  const keyBytes = bytes[9]!;
  if (keyBytes !== Math.ceil((variant.value.width * (variant.value.height + 1)) / 8)) {
    return err(invalid(`book key size ${keyBytes} does not match its variant`));
  }
  const count = view.getUint32(12, true);
  let offset = HEADER;
  if (offset + count * (keyBytes + 1) > end) {
    return err(invalid('book is shorter than its entries'));
  }
  const scored = new StoredColumn(bytes, offset, keyBytes + 1, keyBytes, count);
  const unordered = scored.firstOutOfOrder();
  if (unordered >= 0) return err(invalid(`book entry ${unordered} is out of order`));
  offset += count * (keyBytes + 1);
  /** A key section (version 2 on): a u32 count and that many ascending keys. */
  const readKeys = (what: string): StoredColumn | string => {
    if (offset + 4 > end) return `book ends before its ${what} section`;
    const n = view.getUint32(offset, true);
    offset += 4;
    if (offset + n * keyBytes > end) return `book is shorter than its ${what} section`;
    const section = new StoredColumn(bytes, offset, keyBytes, keyBytes, n);
    const at = section.firstOutOfOrder();
    if (at >= 0) return `book ${what} entry ${at} is out of order`;
    offset += n * keyBytes;
    return section;
  };
  const none = new StoredColumn(bytes, offset, keyBytes, keyBytes, 0);
  const losses = version >= 2 ? readKeys('loss') : none;
  if (typeof losses === 'string') return err(invalid(losses));
  const noWins = version >= 3 ? readKeys('no-win') : none;
  if (typeof noWins === 'string') return err(invalid(noWins));
  if (offset !== end) return err(invalid('book length does not match its entry count'));
  return ok(Book.fromSorted(variant.value, completePly, scored, losses, noWins));
}
