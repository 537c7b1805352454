import type { BoardMember } from '../api/board-status';
import type { SaveBoardInput, SavedBoard } from '../api/board-config';

type Mode = { mode: string; label: string; purpose: string };

/**
 * Who sits on the project's board, who chairs, the mode and the rounds. Each change is saved at
 * once as the project's board: an advisor unticked stays unticked, and one deployed later is shown
 * unticked until a member adds it.
 */
export default function BoardSettings({
  members,
  board,
  modes,
  maxRounds,
  onChange,
  disabled,
}: {
  members: BoardMember[];
  board: SavedBoard;
  modes: Mode[];
  maxRounds: number;
  onChange: (next: SaveBoardInput) => void;
  disabled: boolean;
}) {
  const seated = board.assistantIds;
  const chairId = board.chairId && seated.includes(board.chairId) ? board.chairId : (seated[0] ?? null);
  const save = (change: Partial<SaveBoardInput>) => onChange({ assistantIds: seated, chairId: board.chairId, mode: board.mode, rounds: board.rounds, ...change });
  const toggle = (id: string) => {
    const next = seated.includes(id) ? seated.filter((s) => s !== id) : [...seated, id];
    if (next.length > 0) save({ assistantIds: next, chairId: board.chairId && next.includes(board.chairId) ? board.chairId : null });
  };
  const purpose = modes.find((m) => m.mode === board.mode)?.purpose;

  return (
    <fieldset className="board-settings" disabled={disabled} aria-label="Board settings">
      <ul className="board-members" aria-label="Board members">
        {members.map((m) => (
          <li key={m.id} className="board-member">
            <label>
              <input type="checkbox" checked={seated.includes(m.id)} onChange={() => toggle(m.id)} aria-label={`${m.name} sits on the board`} />
              <span className="board-member__name">{m.name}</span>
            </label>
            {m.tags.length > 0 && (
              <span className="board-member__tags">
                {m.tags.map((tag) => (
                  <span key={tag.id} className="board-tag">{tag.name}</span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="board-settings__row">
        <label className="field">
          <span className="field__label">Meeting mode</span>
          <select className="input" value={board.mode} onChange={(e) => save({ mode: e.target.value as SaveBoardInput['mode'] })}>
            {modes.map((m) => (
              <option key={m.mode} value={m.mode}>{m.label}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Rounds</span>
          <select className="input" value={board.rounds} onChange={(e) => save({ rounds: Number(e.target.value) })}>
            {Array.from({ length: maxRounds }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Chair</span>
          <select className="input" value={chairId ?? ''} onChange={(e) => save({ chairId: e.target.value || null })}>
            {members
              .filter((m) => seated.includes(m.id))
              .map((m) => (
                <option key={m.id} value={m.id}>{m.name}</option>
              ))}
          </select>
        </label>
      </div>
      {purpose && <p className="muted board-settings__purpose">{purpose}</p>}
    </fieldset>
  );
}
