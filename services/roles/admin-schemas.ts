import { z } from 'zod';
import { idParam } from '../platform/ids.ts';

export const PermissionDto = z.object({ id: z.string(), name: z.string(), description: z.string() });
export const PermissionList = z.array(PermissionDto);
export const RoleDto = z.object({ id: z.string(), name: z.string(), permissions: PermissionList });
export const RolesResponse = z.object({ roles: z.array(RoleDto), allPossiblePermissions: PermissionList });
export const CreateRoleBody = z.object({ name: z.string().max(100) });
export const CreateRoleResponse = z.object({ success: z.literal(true), role: RoleDto });
export const RolePermissionParams = z.object({ roleId: idParam('Role'), permissionId: z.string() });
export const Success = z.object({ success: z.literal(true) });
