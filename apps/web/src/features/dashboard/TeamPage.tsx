/** Route of spec §2 (/dashboard/team): the Equipe screen lives in features/team. */
export { default } from '../team/TeamPage';
