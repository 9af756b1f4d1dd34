import type { StaffActivity, StaffActivityBody, StaffActivityPatch } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { activityById, categoryExists, countActivities, insertActivity, listActivities, updateActivity, type ActivityRow, type ActivityValues } from '../repositories/activities';
import { toActivity } from './activities';

function toStaff(app: FastifyInstance, a: ActivityRow): StaffActivity {
  return { ...toActivity(a, app.now()), active: a.active, sequence: a.sequence };
}

/** The body's fields as columns (times parsed; category checked). */
async function valuesOf(app: FastifyInstance, body: StaffActivityPatch): Promise<ActivityValues> {
  const { category, start_time, end_time, ...rest } = body;
  if (category !== undefined && category !== null && !(await categoryExists(app.db, category))) throw invalid({ category: ['分类不存在'] }, '分类不存在');
  return {
    ...rest,
    ...(category !== undefined ? { category_id: category } : {}),
    ...(start_time !== undefined ? { start_time: new Date(start_time) } : {}),
    ...(end_time !== undefined ? { end_time: new Date(end_time) } : {}),
  };
}

function checkPeriod(start: Date, end: Date): void {
  if (!(end.getTime() > start.getTime())) throw invalid({ end_time: ['结束时间应晚于开始时间'] }, '结束时间应晚于开始时间');
}

export function staffActivityList(app: FastifyInstance): PaginateOptions<StaffActivity> {
  return {
    count: () => countActivities(app.db, null, true),
    fetch: async (limit, offset) => (await listActivities(app.db, null, true, limit, offset)).map((a) => toStaff(app, a)),
  };
}

export async function createActivity(app: FastifyInstance, body: StaffActivityBody): Promise<StaffActivity> {
  const values = await valuesOf(app, body);
  checkPeriod(values.start_time as Date, values.end_time as Date);
  const id = await insertActivity(app.db, values, app.now());
  return toStaff(app, (await activityById(app.db, id, true)) as ActivityRow);
}

export async function changeActivity(app: FastifyInstance, id: number, body: StaffActivityPatch): Promise<StaffActivity> {
  const current = await activityById(app.db, id, true);
  if (!current) throw new ApiError(404, 'not_found', '活动不存在');
  if (Object.keys(body).length === 0) throw invalid({}, '请至少修改一项');
  const values = await valuesOf(app, body);
  checkPeriod(values.start_time ?? current.start_time, values.end_time ?? current.end_time);
  await updateActivity(app.db, id, values, app.now());
  return toStaff(app, (await activityById(app.db, id, true)) as ActivityRow);
}
