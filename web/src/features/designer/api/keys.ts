import type { PageState } from '../../../lib/paging';
import type { ComponentType } from './types';

export const designerKeys = {
  all: ['designer'] as const,
  components: () => [...designerKeys.all, 'components'] as const,
  componentList: (type: ComponentType | 'all') => [...designerKeys.components(), 'list', type] as const,
  tags: () => [...designerKeys.all, 'tags'] as const,
  assistants: () => [...designerKeys.all, 'assistants'] as const,
  assistantList: (state: PageState) => [...designerKeys.assistants(), 'list', state] as const,
  assistant: (id: string) => [...designerKeys.assistants(), 'detail', id] as const,
  schema: (id: string) => [...designerKeys.assistant(id), 'schema'] as const,
};

export const priceKeys = {
  all: ['board-prices'] as const,
};
