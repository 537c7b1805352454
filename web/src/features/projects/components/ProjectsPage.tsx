import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadError, loadFailure } from '../../../components/LoadError';
import { OrgInactiveBanner } from '../../../components/OrgInactiveBanner';
import { useToast } from '../../../components/Toast';
import { useMyOrganization } from '../../../lib/account';
import { ApiError, errorMessage } from '../../../lib/api';
import { paths } from '../../../paths';
import { useActiveProject } from '../../../lib/active-project';
import { useCreateProject } from '../api/create-project';
import { useProjects } from '../api/get-projects';
import type { Project } from '../types';
import './projects.css';

const createFailure = (err: unknown) =>
  err instanceof ApiError && err.status > 0 ? errorMessage(err.body, 'Failed to create project') : 'Failed to create project';

function CreateProjectForm() {
  const toast = useToast();
  const create = useCreateProject();
  const organization = useMyOrganization();
  const disabled = organization !== null && !organization.is_active;
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
      <fieldset className="project-form__fields" disabled={disabled}>
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
      </fieldset>
      {disabled && <p className="muted">Projects cannot be created while your organization is disabled.</p>}
    </form>
  );
}

function ProjectList() {
  const projects = useProjects();
  const { data, isPending, isError } = projects;
  const { activeProject, setActiveProject } = useActiveProject();
  const navigate = useNavigate();

  const open = (project: Project) => {
    setActiveProject({ id: project.id, name: project.name });
    navigate(paths.project.getHref(project.id));
  };

  if (isPending) return <p className="muted">Loading projects...</p>;
  if (isError) return <LoadError {...loadFailure(projects, 'Your projects could not be loaded.')!} />;
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
      <OrgInactiveBanner />
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
