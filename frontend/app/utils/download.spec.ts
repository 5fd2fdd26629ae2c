import { failureOfAnswer, fileNameOf } from './download';

describe('a download’s answer', () => {
  test('the file name is the RFC 5987 name first, then the plain one', () => {
    expect(fileNameOf(`attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('城市零售数据.xlsx')}`)).toBe('城市零售数据.xlsx');
    expect(fileNameOf('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameOf('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(fileNameOf('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="fallback.xlsx"')).toBe('fallback.xlsx');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
  });

  test('a failed answer says the server’s message, else its status', async () => {
    const envelope = new Response(JSON.stringify({ code: -1404, msg: '文件已过期，请重新生成', result: null }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await failureOfAnswer(envelope)).toEqual({ msg: '文件已过期，请重新生成', code: -1404, network: false });
    expect(await failureOfAnswer(new Response('<html>Bad Gateway</html>', { status: 502 }))).toEqual({
      msg: '下载失败（HTTP 502），请稍后重试',
      code: -1500,
      network: false,
    });
  });
});
