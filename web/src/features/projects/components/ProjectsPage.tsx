import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/Toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { paths } from '../../../paths';
import { useActiveProject } from '../active-project';
import { useCreateProject } from '../api/create-project';
import { useProjects } from '../api/get-projects';
import type { Project } from '../api/keys';
import './projects.css';

const createFailure = (err: unknown) =>
  err instanceof ApiError && err.status > 0 ? errorMessage(err.body, 'Failed to create project') : 'Failed to create project';

function CreateProjectForm() {
  const toast = useToast();
  const create = useCreateProject();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, description },
      {
        onSuccess: () => {
          toast.success('Project created!');
          setName('');
          setDescription('');
        },
        onError: (err) => toast.error(createFailure(err)),
      },
    );
  };

  return (
    <form className="card project-form" onSubmit={onSubmit} aria-label="Create a project">
      <h2>New project</h2>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <textarea
          className="input"
          name="description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={5000}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Project'}
      </button>
    </form>
  );
}

function ProjectList() {
  const { data, isPending, isError } = useProjects();
  const { activeProject, setActiveProject } = useActiveProject();
  const navigate = useNavigate();

  const open = (project: Project) => {
    setActiveProject({ id: project.id, name: project.name });
    navigate(paths.project.getHref(project.id));
  };

  if (isPending) return <p className="muted">Loading projects...</p>;
  if (isError) return <p className="muted">Your projects could not be loaded.</p>;
  if (data.length === 0) return <p className="muted">No projects yet: create your first one.</p>;
  return (
    <ul className="project-list" aria-label="Projects">
      {data.map((project) => (
        <li key={project.id}>
          <button
            type="button"
            className={`card project-list__item${String(activeProject?.id) === project.id ? ' is-active' : ''}`}
            onClick={() => open(project)}
          >
            <strong>{project.name}</strong>
            {project.description && <span className="muted">{project.description}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function ProjectsPage() {
  return (
    <div className="page">
      <header className="page-header">
        <h1>Projects</h1>
        <p className="lead">Each project gathers a business challenge and the advisory board working on it.</p>
      </header>
      <div className="projects-layout">
        <CreateProjectForm />
        <section aria-label="Your projects">
          <h2>Your projects</h2>
          <ProjectList />
        </section>
      </div>
    </div>
  );
}
