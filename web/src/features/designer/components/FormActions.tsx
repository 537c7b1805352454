export function FormActions({ editing, saving, problem, onCancel }: { editing: boolean; saving: boolean; problem: string | null; onCancel: () => void }) {
  return (
    <>
      {problem && (
        <p className="designer-form__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="designer-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Save changes' : 'Create'}
        </button>
        {editing && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </>
  );
}
