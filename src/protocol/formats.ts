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
