import type { ApiAnswer, ApiBody, Item } from '../../../lib/api-contract';

export type Component = Item<ApiAnswer<'/api/admin/components'>['data']>;
export type ComponentType = Component['type'];
export type Property = NonNullable<Component['structure']>[number];
export type ComponentInput = ApiBody<'/api/admin/components', 'post'>;
export type Tag = Item<ApiAnswer<'/api/admin/tags'>['data']>;
export type Assistant = ApiAnswer<'/api/admin/assistants/{id}'>;
export type AssistantFunction = Item<Assistant['functions']>;
/** What the assistant form saves (every field; the create call defaults nothing it is given). */
export type AssistantInput = ApiBody<'/api/admin/assistants', 'post'> & ApiBody<'/api/admin/assistants/{id}', 'put'>;
export type FunctionInput = ApiBody<'/api/admin/assistants/{id}/functions', 'post'>;
