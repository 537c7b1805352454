export type ComponentType = 'term' | 'array' | 'object';

export interface Property {
  name: string;
  type: ComponentType;
  child_component_id: string;
  required: boolean;
  child_type?: ComponentType;
  child_component_name?: string | null;
}

export interface Component {
  id: string;
  name: string;
  type: ComponentType;
  created_at: string;
  description?: string;
  arrayOfComponentType?: ComponentType;
  arrayOfComponentId?: string;
  arrayOfComponentName?: string | null;
  min?: number;
  max?: number;
  structure?: Property[];
}

export type ComponentInput =
  | { type: 'term'; name: string; description: string }
  | { type: 'array'; name: string; arrayOfComponentType: ComponentType; arrayOfComponentId: string; min: number; max: number }
  | { type: 'object'; name: string; description: string; structure: Omit<Property, 'child_component_name'>[] };

export interface Tag {
  id: string;
  name: string;
  description?: string;
}

export interface AssistantFunction {
  id: string;
  name: string;
  description: string;
  returns_component: string | null;
  returns_component_name: string | null;
}

export interface Assistant {
  id: string;
  name: string;
  description: string;
  task: string;
  model: string;
  tags: { id: string; name: string }[];
  ready_to_deploy: boolean;
  output_component_id: string[];
  output_components: { id: string; name: string }[];
  functions: AssistantFunction[];
}

export interface AssistantInput {
  name: string;
  description: string;
  task: string;
  model: string;
  tags: string[];
  output_component_id: string[];
  ready_to_deploy: boolean;
}
