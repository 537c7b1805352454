import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError, loadFailure } from '../../../components/LoadError';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { paths } from '../../../paths';
import { useComponents } from '../api/get-components';
import type { Component, ComponentType } from '../api/types';
import { ArrayForm } from './ArrayForm';
import { ComponentList } from './ComponentList';
import { ObjectForm } from './ObjectForm';
import { TermForm } from './TermForm';
import './designer.css';

const tabs: { type: ComponentType; label: string }[] = [
  { type: 'term', label: 'Terms' },
  { type: 'array', label: 'Arrays' },
  { type: 'object', label: 'Objects' },
];
const forms = { term: TermForm, array: ArrayForm, object: ObjectForm };

const typeOf = (value: string | null): ComponentType => (value === 'array' || value === 'object' ? value : 'term');

export default function ComponentsPage() {
  const [params] = useSearchParams();
  const canEdit = holds(useAuth().user?.permissions, 'admin.assistants.edit');
  const type = typeOf(params.get('type'));
  const [editing, setEditing] = useState<Component | null>(null);
  const components = useComponents(type);
  const { data, isPending, isError } = components;
  const Form = forms[type];
  const current = editing?.type === type ? editing : null;

  return (
    <div className="designer-page">
      <header className="designer-page__header">
        <h1>Assistant components</h1>
        <p className="muted">Terms are words an assistant fills in; arrays and objects put them together into what it answers.</p>
      </header>
      <nav className="designer-tabs" aria-label="Component types">
        {tabs.map((tab) => (
          <Link
            key={tab.type}
            to={paths.admin.assistantComponents.getHref(tab.type)}
            className={`designer-tabs__tab${tab.type === type ? ' is-active' : ''}`}
            aria-current={tab.type === type ? 'page' : undefined}
            onClick={() => setEditing(null)}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="designer-layout">
        {canEdit && <Form key={`${type}-${current?.id ?? 'new'}`} editing={current} onDone={() => setEditing(null)} />}
        <section aria-label={tabs.find((t) => t.type === type)!.label}>
          {isPending && <p className="muted">Loading...</p>}
          {isError && <LoadError {...loadFailure(components, 'The components could not be loaded.')!} />}
          {data && <ComponentList components={data} onEdit={canEdit ? setEditing : null} />}
        </section>
      </div>
    </div>
  );
}
