import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useToast } from '../../../components/Toast';
import { useActiveProject } from '../../../lib/active-project';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/title';
import { paths } from '../../../paths';
import { useProject } from '../api/get-project';
import BoardPanel from './BoardPanel';
import './projects.css';

/** The server said no (not found, not yours): 'Failed to load project'; no answer at all: 'Error loading project'. */
const loadFailure = (err: unknown) => (err instanceof ApiError && err.status > 0 ? 'Failed to load project' : 'Error loading project');

export default function ProjectPage() {
  const { id = '' } = useParams();
  const toast = useToast();
  const { data: project, isPending, error } = useProject(id);
  useDocumentTitle(project?.name ?? (isPending ? 'Project' : 'Project unavailable'));

  useEffect(() => {
    if (error) toast.error(loadFailure(error));
  }, [error, toast]);

  // The project opened becomes the active one, however it was reached (a direct load or a link, not only the list);
  // once per project shown, so that clearing it here stays cleared.
  const { setActiveProject } = useActiveProject();
  const madeActive = useRef<string | null>(null);
  useEffect(() => {
    if (!project || madeActive.current === project.id) return;
    madeActive.current = project.id;
    setActiveProject({ id: project.id, name: project.name });
  }, [project, setActiveProject]);

  if (isPending) return <div className="page"><p className="loading-text">Loading project...</p></div>;
  if (!project) {
    return (
      <div className="page page--narrow">
        <h1>Project unavailable</h1>
        <p className="muted">This project does not exist or belongs to another organization.</p>
        <Link to={paths.projects.path} className="button button--secondary">Back to projects</Link>
      </div>
    );
  }
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">Project</p>
        <h1>{project.name}</h1>
        {project.description && <p className="lead">{project.description}</p>}
      </header>
      <BoardPanel projectId={project.id} />
    </div>
  );
}
