import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ATTRIBUTION, ATTRIBUTION_PAGE, type ParamsOf, salesSourceKind } from '@car/contracts';
import { CachedAnswers } from '../answers/answer-cache.interceptor';
import { zodPipe } from '../common/zod-validation.pipe';
import { DeckService } from '../deck/deck.service';
import { sendDeck } from '../deck/deck.writer';
import { DataStatusService } from '../reference/data-status.service';
import { CurrentUser, RequiresPage } from '../security/security.decorators';
import type { SessionUser } from '../security/session-user';
import type { WorkbookAsOf } from '../workbook/table-workbook';
import { attributionDeck } from './attribution.deck';
import { AttributionService } from './attribution.service';
import { type AttributionFile, attributionFileName, priceFile, shareFile, streamAttributionWorkbook, volumeFile } from './attribution.workbook';

/**
 * 归因分析's workbooks and decks (issue 50 §4, decision 302): each the split's own call answered by AttributionService,
 * written by attribution.workbook.ts and attribution.deck.ts, 数据截至 of the split's source (零售, 批发 or 价格数据).
 * The volume and price workbooks depend on the request alone and come from the answer cache as their calls do; the
 * share split's (the caller's producer by default) and the decks (the title slide names the caller's maker) do not.
 */
@Controller()
@RequiresPage(ATTRIBUTION_PAGE.path)
export class AttributionFilesController {
  constructor(
    private readonly attribution: AttributionService,
    private readonly dataStatus: DataStatusService,
    private readonly decks: DeckService,
  ) {}

  @Get(ATTRIBUTION.volumeDownload.path)
  @CachedAnswers()
  async volumeDownload(@Query(zodPipe(ATTRIBUTION.volumeDownload.params)) q: ParamsOf<typeof ATTRIBUTION.volumeDownload>, @Res() res: Response): Promise<void> {
    const answer = await this.attribution.volume(q);
    await streamAttributionWorkbook(res, volumeFile(answer), await this.dataStatus.of(salesSourceKind(answer.source)));
  }

  @Get(ATTRIBUTION.volumePpt.path)
  async volumePpt(
    @Query(zodPipe(ATTRIBUTION.volumePpt.params)) q: ParamsOf<typeof ATTRIBUTION.volumePpt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.attribution.volume(q);
    await this.deck(res, volumeFile(answer), await this.dataStatus.of(salesSourceKind(answer.source)), user);
  }

  @Get(ATTRIBUTION.shareDownload.path)
  async shareDownload(
    @Query(zodPipe(ATTRIBUTION.shareDownload.params)) q: ParamsOf<typeof ATTRIBUTION.shareDownload>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.attribution.share(q, user);
    await streamAttributionWorkbook(res, shareFile(answer), await this.dataStatus.of(salesSourceKind(answer.source)));
  }

  @Get(ATTRIBUTION.sharePpt.path)
  async sharePpt(
    @Query(zodPipe(ATTRIBUTION.sharePpt.params)) q: ParamsOf<typeof ATTRIBUTION.sharePpt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.attribution.share(q, user);
    await this.deck(res, shareFile(answer), await this.dataStatus.of(salesSourceKind(answer.source)), user);
  }

  @Get(ATTRIBUTION.priceDownload.path)
  @CachedAnswers()
  async priceDownload(@Query(zodPipe(ATTRIBUTION.priceDownload.params)) q: ParamsOf<typeof ATTRIBUTION.priceDownload>, @Res() res: Response): Promise<void> {
    const answer = await this.attribution.price(q);
    await streamAttributionWorkbook(res, priceFile(answer), await this.dataStatus.of('price'));
  }

  @Get(ATTRIBUTION.pricePpt.path)
  async pricePpt(
    @Query(zodPipe(ATTRIBUTION.pricePpt.params)) q: ParamsOf<typeof ATTRIBUTION.pricePpt>,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.attribution.price(q);
    await this.deck(res, priceFile(answer), await this.dataStatus.of('price'), user);
  }

  private async deck<Row>(res: Response, file: AttributionFile<Row>, asOf: WorkbookAsOf, user: SessionUser): Promise<void> {
    await sendDeck(res, attributionFileName(file, 'pptx'), attributionDeck(file, { asOf, maker: await this.decks.maker(user) }));
  }
}
