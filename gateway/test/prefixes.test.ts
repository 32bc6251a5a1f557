import { describe, expect, it } from '@jest/globals';
import { TOPOLOGY } from '@portal/kit/topology';
import { prefixOf, yieldsTo } from '../src/prefixes.ts';

const courses = [...TOPOLOGY.courses.proxied];
const quizzes = [...TOPOLOGY.quizzes.proxied];
const COURSE = '7d3c1a2e-5b4f-4c6d-8e9f-0a1b2c3d4e5f';

/** The service the gateway streams a path to: its declared match, unless another's is more specific. */
function serviceOf(path: string) {
  const owners = (['courses', 'quizzes'] as const).filter((name) => {
    const own = name === 'courses' ? courses : quizzes;
    const prefix = prefixOf(path, own);
    return prefix !== undefined && !yieldsTo(path, prefix, name === 'courses' ? quizzes : courses);
  });
  return owners.join(',');
}

describe('the proxied paths', () => {
  it('when a prefix is declared, then it holds its whole segments only', () => {
    expect(prefixOf('/api/courses/1', ['/api/courses'])).toBe('/api/courses');
    expect(prefixOf('/api/coursesX', ['/api/courses'])).toBeUndefined();
  });

  it('when a pattern has an :id segment, then it matches any one non-empty segment there and what is under it', () => {
    const pattern = ['/api/courses/:id/questions'];
    expect(prefixOf(`/api/courses/${COURSE}/questions`, pattern)).toBe(pattern[0]);
    expect(prefixOf(`/api/courses/${COURSE}/questions/import`, pattern)).toBe(pattern[0]);
    expect(prefixOf('/api/courses//questions', pattern)).toBeUndefined();
    expect(prefixOf(`/api/courses/${COURSE}/questionsX`, pattern)).toBeUndefined();
    expect(prefixOf(`/api/courses/${COURSE}`, pattern)).toBeUndefined();
  });

  it("when the quizzes' patterns are more specific than the courses' prefix, then each path has one service", () => {
    expect(serviceOf(`/api/courses/${COURSE}/questions`)).toBe('quizzes');
    expect(serviceOf(`/api/courses/${COURSE}/questions/import`)).toBe('quizzes');
    expect(serviceOf(`/api/courses/${COURSE}`)).toBe('courses');
    expect(serviceOf(`/api/courses/${COURSE}/lessons`)).toBe('courses');
    expect(serviceOf(`/api/lessons/${COURSE}/attempts/mine`)).toBe('quizzes');
    expect(serviceOf(`/api/lessons/${COURSE}/quiz`)).toBe('quizzes');
    expect(serviceOf(`/api/attempts/${COURSE}/submit`)).toBe('quizzes');
    expect(serviceOf(`/api/questions/${COURSE}`)).toBe('quizzes');
  });
});
