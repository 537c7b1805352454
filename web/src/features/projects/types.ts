import type { ApiAnswer, ApiBody } from '../../lib/api-contract';

export type Project = ApiAnswer<'/api/projects/{id}'>;
export type CreateProjectInput = ApiBody<'/api/projects', 'post'>;
