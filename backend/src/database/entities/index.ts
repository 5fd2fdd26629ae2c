import { Area, City, Province } from './geography.entity';
import { ConfigCategory, ConfigItem, ConfigValue } from './config.entity';
import { DataMonth, MsrpMonth, PriceFact, RebateMonth, RetailFact, WholesaleFact } from './fact.entity';
import { ExportJob, Report } from './report.entity';
import { LoginAttempt, RevokedToken } from './security.entity';
import { AppUser, Menu, Role, RoleMenu } from './user.entity';
import { Brand, BrandGroup, Car, DictionaryEntry, Family, Producer, ProducerBrand, Segment, Series, SubSeries } from './vehicle.entity';

export * from './geography.entity';
export * from './config.entity';
export * from './fact.entity';
export * from './report.entity';
export * from './security.entity';
export * from './user.entity';
export * from './vehicle.entity';

export const ENTITIES = [
  Area,
  Province,
  City,
  DictionaryEntry,
  Segment,
  Family,
  BrandGroup,
  Producer,
  Brand,
  ProducerBrand,
  Series,
  SubSeries,
  Car,
  RetailFact,
  WholesaleFact,
  PriceFact,
  MsrpMonth,
  RebateMonth,
  DataMonth,
  ConfigCategory,
  ConfigItem,
  ConfigValue,
  Role,
  Menu,
  RoleMenu,
  AppUser,
  RevokedToken,
  LoginAttempt,
  Report,
  ExportJob,
];
