/**
 * The funnel stamps of a lead are the leads' own (first time of each stage on mkt_resource, the stage
 * only ever raised): the invitations, visits and trial attendance of this folder stamp through it.
 */
export { stampFunnel as stampStage } from '../leads';
