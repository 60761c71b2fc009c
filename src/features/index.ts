import { FeatureActivator } from './services';
import * as analysis from './analysis';
import * as annotations from './annotations';
import * as arrivals from './arrivals';
import * as collections from './collections';
import * as exportFeature from './export';
import * as forYou from './forYou';
import * as links from './links';
import * as paperPanel from './paperPanel';
import * as papers from './papers';
import * as search from './search';
import * as themes from './themes';
import * as tree from './tree';

export interface Feature {
  activate: FeatureActivator;
}

/**
 * The features, in the order extension.ts activates them. The shared services (services.ts) exist before the
 * first one starts; the analysis comes last so that its first load finds every listener in place.
 */
export const features: readonly Feature[] = [
  search,
  papers,
  themes,
  tree,
  paperPanel,
  links,
  collections,
  exportFeature,
  annotations,
  arrivals,
  forYou,
  analysis,
];
