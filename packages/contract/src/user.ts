import { z } from 'zod';

export const UidRequestSchema = z.object({ uid: z.string().min(1).max(64) });
export type UidRequest = z.infer<typeof UidRequestSchema>;

export const StageRecordSchema = z.object({
  stage: z.enum(['V1', 'V2']),
  createdAt: z.number(),
});

/** POST /api/user/getInfo: `user` is the list of stage records (spec 1 §7). */
export const GetInfoResponseSchema = z.object({
  status: z.literal(200),
  user: z.array(StageRecordSchema),
});
export type GetInfoResponse = z.infer<typeof GetInfoResponseSchema>;
