import * as z from 'zod/mini';

/**
 * Formats of the values both sides exchange. zod's tree-shakable "mini" build keeps the web
 * client's online chunk small (a tenth of what the classic build adds).
 */

/** Game and seek ids: the server makes 96 random bits, base64url (16 characters). */
export const GameIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,32}$/, 'not a game id'));

/** Random bytes in a seat secret the reference clients make: 144 bits, base64url. */
export const SECRET_BYTES = 18;
/** Base64url, at least 22 characters = 132 bits of randomness. */
export const SecretSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,128}$/, 'not a seat secret'));

/**
 * `WxHcN`, or `WxH` for connect 4 (as everywhere else in the project); the rules engine decides
 * which boards exist (`bad_variant`). The server always answers with the canonical `WxHcN`.
 */
export const VariantTextSchema = z
  .string()
  .check(z.regex(/^\d{1,2}x\d{1,2}(c\d{1,2})?$/, 'not a variant'));

/**
 * A game of the Connect Four family (src/core/family): `classic`, `popout`, `five`, a name with
 * a board (`popout-8x7c4`), or a bare board (`7x7c5`: the classic game on it). The rules engine
 * decides which exist (`bad_game`); the server answers with the canonical form.
 */
export const GameTextSchema = z
  .string()
  .check(
    z.regex(
      /^([a-z]{1,16}(-\d{1,2}x\d{1,2}(c\d{1,2})?)?|\d{1,2}x\d{1,2}(c\d{1,2})?)$/,
      'not a game',
    ),
  );

/** A move's kind: a drop, or (PopOut) a pop of one's own bottom disc. */
export const MoveKindSchema = z.enum(['drop', 'pop']);
export type MoveKindText = z.infer<typeof MoveKindSchema>;

export const PlayerSchema = z.union([z.literal(1), z.literal(2)]);
export type Seat = z.infer<typeof PlayerSchema>;

/** Minutes per side as milliseconds, plus a per-move increment. */
export const ClockSettingSchema = z.strictObject({
  initialMs: z.int().check(z.minimum(30_000), z.maximum(3 * 3_600_000)),
  incrementMs: z.int().check(z.minimum(0), z.maximum(60_000)),
});
export type ClockSetting = z.infer<typeof ClockSettingSchema>;
export const ClockSchema = z.nullable(ClockSettingSchema);

export const SideSchema = z.union([PlayerSchema, z.literal('random')]);
