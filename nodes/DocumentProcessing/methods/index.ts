/** The listSearch methods behind the "From list" pickers of both nodes. */
import { searchDestinations, searchSources, searchTemplates } from './catalog';
import { searchChannels } from './channels';
import { searchJobs } from './jobs';
import { searchWorkflows } from './workflows';

export const listSearch = { searchChannels, searchDestinations, searchJobs, searchSources, searchTemplates, searchWorkflows };
