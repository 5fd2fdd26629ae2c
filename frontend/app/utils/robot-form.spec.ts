import { robotBody } from './robot-form';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

describe('the robot form as the contract body', () => {
  it('reads a new robot: a checked box is enabled, an empty producer or secret is left out', () => {
    expect(
      robotBody(
        form({ name: ' 销售群 ', service: 'dingtalk', url: 'https://oapi.dingtalk.com/robot/send?access_token=t', producerId: '', secret: '', enabled: 'on' }),
      ),
    ).toEqual({
      name: '销售群',
      service: 'dingtalk',
      url: 'https://oapi.dingtalk.com/robot/send?access_token=t',
      enabled: true,
    });
  });

  it('reads an edit: an unchecked box is disabled, an empty URL keeps the stored one, 清除密钥 is clearSecret', () => {
    expect(robotBody(form({ id: '7', name: '群', service: 'feishu', url: '', producerId: '3', clearSecret: 'on' }))).toEqual({
      id: '7',
      name: '群',
      service: 'feishu',
      producerId: '3',
      enabled: false,
      clearSecret: true,
    });
  });
});
