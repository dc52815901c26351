/**
 * This process's alarm recovery sweep (DESIGN.md §22), every ALARM_SWEEP_MS from ready to close.
 * Registered by app.ts; tests drive it with `app.alarmSweep.runOnce(now)`.
 */
import fp from 'fastify-plugin';
import { sweepRecoveries, type SweepResult } from './alarm-recovery.ts';

export interface AlarmSweep {
  /** One sweep at `now` (default: the clock). */
  runOnce(now?: Date): Promise<SweepResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    alarmSweep: AlarmSweep;
  }
}

export default fp(
  async (app) => {
    const { config, db, tell } = app.deps;
    const ctx = {
      incidents: { db, incidents: config.incidents, tell },
      holdDownMinutes: config.alarms.holdDownMinutes,
      log: app.log,
    };
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> = Promise.resolve();
    const sweep: AlarmSweep = { runOnce: (now) => sweepRecoveries(ctx, now) };
    const tick = () => {
      running = sweep
        .runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'the alarm recovery sweep failed'))
        .finally(() => {
          if (timer) timer = setTimeout(tick, config.alarms.sweepMs);
        });
    };
    app.decorate('alarmSweep', sweep);
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, config.alarms.sweepMs);
    });
    app.addHook('onClose', async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    });
  },
  { name: 'alarm-sweep', dependencies: ['deps'] },
);
