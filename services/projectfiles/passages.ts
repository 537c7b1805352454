import type { Queryable } from '../eventstore/store.ts';
import { projectChunks } from '../../projections/project-files/queries.ts';
import { bestChunks } from './ranking.ts';

/** The passages of a project's files most relevant to a question, and the files they come from. */
export function filePassages(db: Queryable) {
  return async (orgId: string, projectId: string, question: string) => {
    const chosen = bestChunks(question, await projectChunks(db, projectId, orgId));
    const passages = chosen.map((c) => `[${c.name}, part ${c.ord + 1}]\n${c.text}`).join('\n\n');
    const sources = [...new Map(chosen.map((c) => [c.fileId, { fileId: c.fileId, name: c.name }])).values()];
    return { passages, sources };
  };
}
