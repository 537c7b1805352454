import type { ChangeEvent } from 'react';
import { serverMessage } from '../../../lib/api';
import { formatBytes, plural } from '../../../lib/format';
import { useFileActions, useFiles } from '../api/files';

/** The project's context files: the board is given their most relevant passages. */
export default function FilesPanel({ projectId, disabled }: { projectId: string; disabled: boolean }) {
  const files = useFiles(projectId);
  const { upload, remove } = useFileActions(projectId);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <section className="board-files" aria-label="Project files">
      <h3 className="board-files__title">Files the board reads</h3>
      {files.data?.length === 0 && <p className="muted">No files yet: add a plan, figures or notes (.txt, .md, .csv or .pdf, up to 5 MB each, 20 per project).</p>}
      {files.data && files.data.length > 0 && (
        <ul className="board-files__list">
          {files.data.map((f) => (
            <li key={f.id}>
              <span className="board-files__name">{f.name}</span>
              <span className="muted">
                {formatBytes(f.bytes)}
                {f.pages !== undefined && ` · ${plural(f.pages, 'page')}`}
              </span>
              <button type="button" className="button button--secondary button--small" onClick={() => remove.mutate(f.id)} disabled={disabled || remove.isPending} aria-label={`Remove ${f.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="button button--secondary button--small board-files__add">
        {upload.isPending ? 'Reading the file…' : 'Add a file'}
        <input type="file" accept=".txt,.md,.csv,.pdf" onChange={choose} disabled={disabled || upload.isPending} hidden />
      </label>
      {upload.error && <p className="board-refusal" role="alert">{serverMessage(upload.error, 'The file could not be added. Try again.')}</p>}
    </section>
  );
}
