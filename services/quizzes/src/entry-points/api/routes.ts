import {
  attemptAnswersSchema,
  QUIZ_LIMITS,
  questionImportQuerySchema,
  questionInputSchema,
  questionsQuerySchema,
  quizSettingsSchema,
} from '@portal/contracts/quizzes';
import { quizGrantInputSchema, quizReportQuerySchema } from '@portal/contracts/quiz-report';
import { uuidSchema } from '@portal/contracts/rules';
import { auditContextOf } from '@portal/kit/audit';
import { requireAdmin, requireUser, userIdOf } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import express, { type Request, type Router } from 'express';
import { z } from 'zod/mini';
import type { Attempts } from '../../domain/attempts.ts';
import type { QuizGrants } from '../../domain/grants.ts';
import type { QuestionBank } from '../../domain/question-bank.ts';

const idOf = (req: Request, what: string) => parseInput(uuidSchema, req.params.id, `${what} id`);
/** An import's file as text, bounded again here (the gateway refuses a larger one before reading it). */
const importBody = express.text({ type: ['text/plain', 'text/csv'], limit: QUIZ_LIMITS.importBytesMax });
/** A body of another media type (or none) is left unparsed by express.text: a 400, not an empty import. */
const importTextSchema = z.string();
const learnerOf = (req: Request) => ({ ...req.identity, sub: userIdOf(req.identity) });

/**
 * The question bank, quiz settings, grants and the quiz report (administrators), attempts (everyone signed in, at
 * their own).
 */
export function quizzesRoutes(bank: QuestionBank, attempts: Attempts, grants: QuizGrants): Router {
  const router = strictRouter();

  router.get('/api/courses/:id/questions', requireAdmin, async (req, res) => {
    const courseId = idOf(req, 'course');
    const { format, lang } = parseInput(questionsQuerySchema, req.query, 'query');
    if (format !== 'gift') return void res.json(await bank.list(courseId));
    const gift = await bank.exportGift(courseId, lang ?? req.identity.lang);
    res.type('text/plain').attachment(`questions-${courseId}.gift.txt`).send(gift);
  });

  router.post('/api/courses/:id/questions/import', requireAdmin, importBody, async (req, res) => {
    const courseId = idOf(req, 'course');
    const { format, dryRun } = parseInput(questionImportQuerySchema, req.query, 'query');
    const source = parseInput(importTextSchema, req.body, 'file');
    res.json(await bank.import(courseId, format, source, dryRun === 'false', req.identity.lang, auditContextOf(req)));
  });

  router.post('/api/courses/:id/questions', requireAdmin, async (req, res) => {
    const courseId = idOf(req, 'course');
    res
      .status(201)
      .json(await bank.create(courseId, parseInput(questionInputSchema, req.body, 'question'), auditContextOf(req)));
  });

  router.put('/api/questions/:id', requireAdmin, async (req, res) => {
    const questionId = idOf(req, 'question');
    res.json(await bank.update(questionId, parseInput(questionInputSchema, req.body, 'question'), auditContextOf(req)));
  });

  router.delete('/api/questions/:id', requireAdmin, async (req, res) => {
    await bank.delete(idOf(req, 'question'), auditContextOf(req));
    res.status(204).end();
  });

  router.get('/api/lessons/:id/quiz', requireUser, async (req, res) => {
    res.json(await attempts.settings(idOf(req, 'lesson'), req.identity));
  });

  router.put('/api/lessons/:id/quiz', requireAdmin, async (req, res) => {
    const lessonId = idOf(req, 'lesson');
    res.json(
      await attempts.saveSettings(
        lessonId,
        parseInput(quizSettingsSchema, req.body, 'quiz settings'),
        auditContextOf(req),
      ),
    );
  });

  router.post('/api/lessons/:id/grants', requireAdmin, async (req, res) => {
    const lessonId = idOf(req, 'lesson');
    const input = parseInput(quizGrantInputSchema, req.body, 'grant');
    res.status(201).json(await grants.grant(lessonId, input, auditContextOf(req)));
  });

  router.get('/api/lessons/:id/quiz-report', requireAdmin, async (req, res) => {
    const lessonId = idOf(req, 'lesson');
    const page = parseInput(quizReportQuerySchema, req.query, 'query');
    res.json(await grants.report(lessonId, page, req.identity.lang));
  });

  router.post('/api/lessons/:id/attempts', requireUser, async (req, res) => {
    res.status(201).json(await attempts.start(idOf(req, 'lesson'), learnerOf(req), req.identity.lang));
  });

  router.get('/api/lessons/:id/attempts/mine', requireUser, async (req, res) => {
    res.json(await attempts.mine(idOf(req, 'lesson'), learnerOf(req)));
  });

  router.put('/api/attempts/:id/answers', requireUser, async (req, res) => {
    const attemptId = idOf(req, 'attempt');
    const { answers } = parseInput(attemptAnswersSchema, req.body, 'answers');
    await attempts.saveAnswers(attemptId, learnerOf(req), answers);
    res.status(204).end();
  });

  router.post('/api/attempts/:id/submit', requireUser, async (req, res) => {
    res.json(await attempts.submit(idOf(req, 'attempt'), learnerOf(req), req.identity.lang));
  });

  router.get('/api/attempts/:id', requireUser, async (req, res) => {
    res.json(await attempts.get(idOf(req, 'attempt'), req.identity, req.identity.lang));
  });

  return router;
}
