import { createCourse, pdfResult, newAdminPage, uniqueTitle } from '../support/courses.ts';
import { expect, registerByApi, test } from '../support/portal.ts';

const certificate = pdfResult('Certificate fire safety.pdf');

test('when the author asks for an uploaded result, then the learner uploads a PDF, an administrator approves it and the course is completed', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await newAdminPage(browser, baseURL);
  const title = uniqueTitle('Fire safety with certificate');
  const course = await createCourse(admin.request, { title, isPublished: true });

  await test.step('the author chooses proof by an uploaded result in the editor', async () => {
    await admin.goto(`/edit-course/${course.id}`);
    const proof = admin.getByRole('group', { name: 'How learners prove they completed the course' });
    await expect(proof.getByRole('radio', { name: /They confirm it themselves/ })).toBeChecked();
    await proof.getByRole('radio', { name: /They upload a result/ }).check();
    await admin.getByRole('button', { name: 'Update and publish' }).click();
    await expect(admin.getByText('Course published')).toBeVisible();
  });

  await test.step('the learner starts the course and uploads a PDF: it waits for review', async () => {
    await registerByApi(page, 'Lena Learner');
    await page.goto(`/course/${course.id}`);
    await expect(page.getByText(/completed by uploading a result/)).toBeVisible();
    await page.getByRole('button', { name: 'Start course' }).click();
    await expect(page.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);
    await page.getByLabel('Upload result').setInputFiles(certificate);
    await expect(page.getByText(`Your result “${certificate.name}” was uploaded on`)).toBeVisible();
  });

  await test.step('an administrator approves it on the review page', async () => {
    await admin.goto('/admin/reviews');
    await expect(admin.getByRole('heading', { level: 1, name: 'Results to review' })).toBeVisible();
    const row = admin.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('Lena Learner');
    await expect(row.getByRole('link', { name: certificate.name })).toHaveAttribute(
      'href',
      /\/api\/courses\/results\//,
    );
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Approved: the course is recorded as completed.')).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  });

  await test.step('the learner sees the course completed', async () => {
    await page.reload();
    await expect(page.getByText(/^Completed on \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  });
  await admin.context().close();
});
