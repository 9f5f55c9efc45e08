import zhDistribution from '../../../locales/zh-CN/distribution.json';
import { localeLabels, type LabelResolver } from '../../../server/kit';

/** The server's Chinese names of the distribution entities' fields (Excel headers, validation messages). */
export const distributionLabels: LabelResolver = localeLabels({ distribution: zhDistribution });
