import { Paper } from '../../core/papers';
import { pickPaper } from '../search/pick';
import { Services } from '../services';
import { TreeNode } from '../tree/types';

/**
 * The paper a command acts on: the tree row or id it was given, else the paper in the paper view,
 * else one the user picks.
 */
export async function targetPaper(services: Services, arg: unknown, action: string): Promise<Paper | undefined> {
  const { model, panel } = services;
  if (typeof arg === 'string') return model.resolve(arg) ?? model.paper(arg);
  if (arg && typeof arg === 'object' && (arg as TreeNode).kind === 'paper') return model.paper((arg as TreeNode).id);
  if (panel.current) return model.paper(panel.current.id) ?? panel.current;
  return pickPaper(services, { title: action });
}
