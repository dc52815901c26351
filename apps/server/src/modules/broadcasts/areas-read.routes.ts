/**
 * GET /areas (DESIGN.md §23): every area, for staff choosing an incident's areas. The directory's
 * own module serves the areas with their administration; this read is the incident screen's need.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS_MAX, areaListReplySchema, canListAreas, errorReplySchema } from '@switchboard/shared';
import { listAreas } from './broadcasts.repository.ts';

const areasReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/areas',
    {
      onRequest: [app.requires(canListAreas, 'incidents.staffOnly')],
      schema: {
        tags: ['areas'],
        summary: 'Every area by code, with its names in both languages (staff who manage incidents)',
        response: { 200: areaListReplySchema, 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema },
      },
    },
    async () => ({
      data: (await listAreas(db, AREAS_MAX)).map((area) => ({
        code: area.code,
        name_en: area.nameEn,
        name_bn: area.nameBn,
        group_id: area.groupId,
        group_name: area.groupName,
        sub_group_id: area.subGroupId,
        sub_group_name: area.subGroupName,
        subscriber_count: area.subscriberCount,
      })),
    }),
  );
};

export default areasReadRoutes;
