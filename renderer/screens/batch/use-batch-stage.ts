// Where a batch stands (start, working, review, report) and the steps that move it: choose a
// folder or drop files, stop reading scans, queue the plan. Progress comes from main's events.
import { useEffect, useState } from 'react';
import { api } from '../../bridge.ts';
import { useApp } from '../../state/app-store.ts';
import { mutate } from '../../data/data.ts';
import { targetOf, type BatchPlan as Plan, type BatchReport as Report } from '../../../shared/batch.ts';

export type Phase = 'importing' | 'reading' | 'building';
export type Stage =
  | { name: 'start' }
  | { name: 'working'; text: string; done?: number; total?: number; phase?: Phase; stopping?: boolean }
  | { name: 'review'; plan: Plan; confirming: boolean }
  | { name: 'report'; report: Report };

const phaseText: Record<Phase, string> = {
  importing: 'Reading the folder and matching every file…',
  reading: 'Reading the scans whose names say nothing…',
  building: 'Building one packet per chargeback…',
};

export function useBatchStage(profileId: string, only: string[] | undefined) {
  const say = useApp((s) => s.say);
  const [stage, setStage] = useState<Stage>({ name: 'start' });
  useEffect(
    () =>
      api().on('batchProgress', (p) =>
        setStage((s) =>
          s.name === 'working'
            ? { ...s, done: p.done, total: p.total, phase: p.phase, text: phaseText[p.phase] ?? s.text }
            : s,
        ),
      ),
    [],
  );
  const scope = only ? { only } : {};
  const review = (plan: Plan, confirming = false): void => setStage({ name: 'review', plan, confirming });
  const restart = (): void => setStage({ name: 'start' });

  return {
    stage,
    review,
    restart,

    /** Main asks for the folder; no folder chosen, back to the start. */
    async pickFolder(): Promise<void> {
      setStage({ name: 'working', text: 'Reading the folder and matching every file…' });
      const r = await mutate('planBatch', { profileId, ...scope });
      if (!r.ok) return (say('error', r.error.message), restart());
      if (r.value) review(r.value);
      else restart();
    },

    async drop(files: File[]): Promise<void> {
      if (files.length === 0) return;
      // Main reads what was dropped (folders too) and says how far it got through batchProgress.
      setStage({ name: 'working', text: 'Adding the files…' });
      const r = await mutate('planBatchDropped', { profileId, files, ...scope });
      if (!r.ok) return (say('error', r.error.message), restart());
      review(r.value);
    },

    async stopReading(): Promise<void> {
      setStage((s) => (s.name === 'working' ? { ...s, stopping: true } : s));
      const r = await mutate('stopBatchReading', {});
      if (!r.ok) say('error', r.error.message);
    },

    async queue(plan: Plan): Promise<void> {
      setStage({
        name: 'working',
        text: 'Building one packet per chargeback…',
        done: 0,
        total: new Set(plan.files.map(targetOf).filter(Boolean)).size,
      });
      const r = await mutate('queueBatch', { plan });
      if (!r.ok) return (say('error', r.error.message), review(plan));
      setStage({ name: 'report', report: r.value });
    },
  };
}
