/**
 * The curtailment pages (issue 5; load-centre roles, OA applicants, traders), each its own chunk,
 * reached through this one module like the other feature pages.
 */
export const curtailmentPageLoaders = {
  curtailments: () => import('./routes/curtailment/curtailments'),
  curtailmentView: () => import('./routes/curtailment/view'),
};
