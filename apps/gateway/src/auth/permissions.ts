// The role → permission table is the domain's (shared with the web client); the gateway enforces it.
export { can, permissionsByRole, type Permission } from '@atende/events';
