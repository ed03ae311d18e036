// The cover letter's exhibit list (where each file's pages landed) and its own length, settled
// together: the list's page numbers depend on the letter's length, which depends on the list.
import { PDFDocument } from 'pdf-lib';
import type { BuildSettings, CoverLetterInput } from '../../../shared/evidence/items.ts';
import { drawCoverLetter, type Exhibit } from '../cover-letter.ts';
import type { Encoded, Packing } from './pack.ts';
import { describePages } from './problems.ts';

export function exhibitsOf(
  pages: readonly Encoded[],
  packing: Packing,
  coverPages: number,
  titles?: Readonly<Record<string, string>>,
): Exhibit[] {
  const where = new Map<string, { name: string; spots: Map<number, number[]> }>();
  packing.files.forEach((file, f) => {
    file.forEach((pi, k) => {
      const p = pages[pi]!;
      // A file that fills an evidence slot is listed by its title, any other by its name.
      const e = where.get(p.item.id) ?? { name: titles?.[p.item.id] ?? p.item.name, spots: new Map() };
      const pageNumber = k + 1 + (f === 0 ? coverPages : 0);
      e.spots.set(f, [...(e.spots.get(f) ?? []), pageNumber]);
      where.set(p.item.id, e);
    });
  });
  const multi = packing.files.length > 1;
  return [...where.values()].map((e) => ({
    name: e.name,
    where: [...e.spots.entries()]
      .map(([f, nums]) => `${multi ? `file ${f + 1}, ` : ''}${describePages(nums)}`)
      .join('; '),
  }));
}

/** Settled by drawing the letter until its page count stops changing. */
export async function settleCover(
  pages: readonly Encoded[],
  packing: Packing,
  cover: CoverLetterInput | undefined,
  settings: BuildSettings,
): Promise<{ coverPages: number; exhibits: Exhibit[] }> {
  if (!cover) return { coverPages: 0, exhibits: [] };
  let coverPages = 1;
  for (let i = 0; i < 4; i++) {
    const exhibits = exhibitsOf(pages, packing, coverPages, cover.exhibitTitles);
    const drawn = await drawCoverLetter(await PDFDocument.create(), cover, exhibits, settings.pageSize);
    if (drawn === coverPages) return { coverPages, exhibits };
    coverPages = drawn;
  }
  return { coverPages, exhibits: exhibitsOf(pages, packing, coverPages, cover.exhibitTitles) };
}
