import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canManageIncidents,
  createIncidentBodySchema,
  dismissSuggestionBodySchema,
  errorReplySchema,
  incidentChangeReplySchema,
  incidentDetailReplySchema,
  incidentIdParamsSchema,
  incidentListQuerySchema,
  incidentListReplySchema,
  incidentReplySchema,
  incidentSuggestionsReplySchema,
  incidentTicketParamsSchema,
  incidentUpdateReplySchema,
  linkIncidentTicketsBodySchema,
  publicNotesQuerySchema,
  publicNotesReplySchema,
  resolveIncidentBodySchema,
  messageReplySchema,
  updateIncidentBodySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { anonymousLimit, writeLimit } from '../../plugins/write-limits.ts';
import {
  createIncident,
  getIncident,
  linkIncidentTickets,
  listIncidents,
  readPublicNotes,
  resolveIncident,
  unlinkIncidentTicket,
  updateIncident,
  type IncidentsContext,
} from './incidents.service.ts';
import { dismissSuggestion, suggestIncidents } from './incident-suggestions.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

const tags = ['incidents'];

/** The public notes of active incidents under /api/v1 (DESIGN.md §14): no login, the public form shows them. */
export const publicNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: IncidentsContext = { db, incidents: config.incidents, tell: app.deps.tell };

  app.get(
    '/incidents/public-notes',
    {
      schema: {
        tags,
        summary: 'The public notes of active incidents, of one subgroup when given (no login)',
        querystring: publicNotesQuerySchema,
        response: { 200: publicNotesReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
      // The public form asks once per chosen subgroup; a per-address limit keeps a loop from costing more.
      config: { rateLimit: anonymousLimit({ max: 120, timeWindow: '1 minute' }) },
    },
    async (request) => ({ data: await readPublicNotes(ctx, request.query.sub_group_id) }),
  );
};

/** The incidents endpoints under /api/v1 (DESIGN.md §14), inside the signed-in scope: staff only. */
const incidentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: IncidentsContext = { db, incidents: config.incidents, tell: app.deps.tell };
  // onRequest: an agent or a customer gets 403 before any body is parsed.
  const staffOnly = {
    onRequest: [app.requires(canManageIncidents, 'incidents.staffOnly')],
  };

  app.get(
    '/incidents/suggestions',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Subgroups with a burst of unsolved tickets without an incident in the last window (staff)',
        response: { 200: incidentSuggestionsReplySchema, ...refusals },
      },
    },
    async (request) => suggestIncidents(ctx, actorOf(request)),
  );

  app.post(
    '/incidents/suggestions/dismiss',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('incident') },
      schema: {
        tags,
        summary:
          "Dismisses the suggested incident of a subgroup for the caller's department, until a burst of reports all " +
          'raised after it (staff; audited)',
        body: dismissSuggestionBodySchema,
        response: { 200: messageReplySchema, ...refusals },
      },
    },
    async (request) => {
      await dismissSuggestion(ctx, actorOf(request), request.body.sub_group_id);
      return { message: request.say('incidents.dismissed') };
    },
  );

  app.get(
    '/incidents',
    {
      ...staffOnly,
      config: { scope: 'tickets:read' },
      schema: {
        tags,
        summary: 'A page of the active (default) or resolved incidents, newest first, 10 per page (staff)',
        querystring: incidentListQuerySchema,
        response: { 200: incidentListReplySchema, ...refusals },
      },
    },
    async (request) => listIncidents(ctx, actorOf(request), request.query),
  );

  app.post(
    '/incidents',
    {
      ...staffOnly,
      config: { scope: 'incidents:write', rateLimit: writeLimit('incident') },
      schema: {
        tags,
        summary: 'Creates an active incident, linking the given tickets (staff; audited)',
        body: createIncidentBodySchema,
        response: { 201: incidentReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createIncident(ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/incidents/:id',
    {
      ...staffOnly,
      config: { scope: 'tickets:read' },
      schema: {
        tags,
        summary: 'An incident with its tickets, timeline and newly reported tickets of its subgroup (staff)',
        params: incidentIdParamsSchema,
        response: { 200: incidentDetailReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await getIncident(ctx, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/incidents/:id',
    {
      ...staffOnly,
      config: { scope: 'incidents:write', rateLimit: writeLimit('incident') },
      schema: {
        tags,
        summary: 'Changes the title and the public note of an active incident; a resolved one is 409 (staff; audited)',
        params: incidentIdParamsSchema,
        body: updateIncidentBodySchema,
        response: { 200: incidentUpdateReplySchema, ...refusals },
      },
    },
    async (request) => ({
      message: request.say('incidents.updated'),
      data: await updateIncident(ctx, actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/incidents/:id/tickets',
    {
      ...staffOnly,
      config: { scope: 'incidents:write', rateLimit: writeLimit('incident') },
      schema: {
        tags,
        summary:
          'Links tickets the caller may act on to an active incident; a ticket of another incident is refused (staff; audited)',
        params: incidentIdParamsSchema,
        body: linkIncidentTicketsBodySchema,
        response: { 200: incidentChangeReplySchema, ...refusals },
      },
    },
    async (request) => {
      const { incident, affected } = await linkIncidentTickets(ctx, actorOf(request), request.params.id, request.body.ticket_ids);
      return { message: request.say('incidents.linked', { count: affected }), data: incident, affected };
    },
  );

  app.delete(
    '/incidents/:id/tickets/:ticket_id',
    {
      ...staffOnly,
      config: { scope: 'incidents:write', rateLimit: writeLimit('incident') },
      schema: {
        tags,
        summary: 'Takes a ticket the caller may act on out of an active incident (staff; audited)',
        params: incidentTicketParamsSchema,
        response: { 200: incidentChangeReplySchema, ...refusals },
      },
    },
    async (request) => {
      const { incident, affected } = await unlinkIncidentTicket(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.ticket_id,
      );
      return { message: request.say('incidents.unlinked'), data: incident, affected };
    },
  );

  app.post(
    '/incidents/:id/resolve',
    {
      ...staffOnly,
      config: { scope: 'incidents:write', rateLimit: writeLimit('incident') },
      schema: {
        tags,
        summary:
          'Resolves the incident and every linked unsolved ticket (the caller may act on each), with the message as an ' +
          'external comment; a second resolve is 409 (staff; audited)',
        params: incidentIdParamsSchema,
        body: resolveIncidentBodySchema,
        response: { 200: incidentChangeReplySchema, ...refusals },
      },
    },
    async (request) => {
      const { incident, affected } = await resolveIncident(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.resolution_message,
      );
      return { message: request.say('incidents.resolved', { count: affected }), data: incident, affected };
    },
  );
};

export default incidentsRoutes;
