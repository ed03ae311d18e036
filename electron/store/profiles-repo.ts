// Profiles as saved settings. Never a key: keys live in the keychain.
import { profileSchema, type Profile } from '../../shared/profiles.ts';
import type { Database } from './database.ts';

export function createProfilesRepo(d: Database) {
  const list = d.db.prepare('SELECT json FROM profiles ORDER BY created_at, id');
  const get = d.db.prepare('SELECT json FROM profiles WHERE id = ?');
  const upsert = d.db.prepare(
    'INSERT INTO profiles (id, json, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json',
  );
  const remove = d.db.prepare('DELETE FROM profiles WHERE id = ?');
  return {
    list: (): Profile[] => (list.all() as Array<{ json: string }>).map((r) => profileSchema.parse(JSON.parse(r.json))),
    get: (id: string): Profile | undefined => {
      const row = get.get(id) as { json: string } | undefined;
      return row ? profileSchema.parse(JSON.parse(row.json)) : undefined;
    },
    findByName: (name: string): Profile | undefined =>
      (list.all() as Array<{ json: string }>)
        .map((r) => profileSchema.parse(JSON.parse(r.json)))
        .find((p) => p.name.toLowerCase() === name.toLowerCase()),
    save(profile: Profile): Profile {
      const checked = profileSchema.parse(profile);
      upsert.run(checked.id, JSON.stringify(checked), Date.now());
      return checked;
    },
    remove(id: string): boolean {
      return remove.run(id).changes > 0;
    },
  };
}
export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
